import { Document as LangChainDocument } from '@langchain/core/documents';
import { type Client, createClient } from '@libsql/client';
import { Document as LlamaDocument } from '@llamaindex/core/schema';
import { nodeToMetadata } from '@llamaindex/core/vector-store';
import { MDocument } from '@mastra/rag';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ChunkdownTextSplitter } from '../src/adapters/langchain.js';
import { ChunkdownNodeParser } from '../src/adapters/llamaindex.js';
import { chunkMDocument } from '../src/adapters/mastra.js';
import { chunkdown } from '../src/index.js';
import { auto } from '../src/syntax.js';

// The adapters' metadata upserted into a real embedded vector store: libSQL (SQLite with vector
// columns and `vector_distance_cos`), in memory. Each metadata key is a column of its own, as
// Chroma, Pinecone and most vector stores keep metadata: the database binds strings and numbers
// and refuses any object ("SQLite3 can only bind numbers, strings, bigints, buffers, and null").
// A list of strings, the one non-scalar Pinecone takes, is stored as JSON text and filtered with
// `json_each`, as a Pinecone `$in` filter would. Flat metadata (the default) goes in and can be
// filtered on; the structured form is refused.

const markdown = `---
title: Llamas
---

# Llamas

Llamas are domesticated camelids from the Andes. They carry packs, give wool and guard sheep.

## Care

Feed them hay and give them water. A llama eats about two kilograms of hay a day.

:::warning[Back up first]
Check the fences before winter. Llamas lean on them and a loose post gives way.
:::
`;

const dimension = 4;

/** A deterministic stand-in for an embedding model. */
function embed(text: string): number[] {
  return [text.length, text.split(/\s+/).length, text.split('\n').length, 1];
}

/** A metadata value as a column takes it: a list of strings as JSON, anything else as it is. */
function column(value: unknown): unknown {
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return JSON.stringify(value);
  }
  return value;
}

/** A row to upsert: an id, the text it embeds and its metadata. */
interface Row {
  id: string;
  text: string;
  metadata: Record<string, unknown>;
}

let db: Client;

beforeEach(() => {
  db = createClient({ url: ':memory:' });
});

afterEach(() => db.close());

/**
 * Make the table for the rows' metadata keys and upsert the rows, keyed by id. Throws what the
 * database throws.
 */
async function upsert(table: string, rows: Row[]): Promise<void> {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row.metadata)))];
  const columns = keys.map((key) => `"m_${key}"`);
  await db.execute(
    `CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY, embedding F32_BLOB(${dimension}), text TEXT${columns.map((name) => `, ${name}`).join('')})`,
  );
  for (const row of rows) {
    await db.execute({
      sql: `INSERT OR REPLACE INTO ${table} (id, embedding, text${columns.map((name) => `, ${name}`).join('')}) VALUES (?, vector32(?), ?${keys.map(() => ', ?').join('')})`,
      args: [
        row.id,
        JSON.stringify(embed(row.text)),
        row.text,
        ...keys.map((key) => column(row.metadata[key] ?? null)),
      ] as never,
    });
  }
}

/** The ids nearest to a text whose `headings` list holds a heading, nearest first. */
async function nearestUnder(table: string, heading: string, text: string): Promise<string[]> {
  const result = await db.execute({
    sql: `SELECT id FROM ${table}
      WHERE EXISTS (SELECT 1 FROM json_each(${table}."m_headings") WHERE value = ?)
      ORDER BY vector_distance_cos(embedding, vector32(?))`,
    args: [heading, JSON.stringify(embed(text))],
  });
  return result.rows.map((row) => String(row.id));
}

/** The chunk ids under a heading, as chunkdown splits the document. */
function idsUnder(heading: string, chunkSize: number): string[] {
  return chunkdown({ chunkSize, syntax: auto() })
    .split(markdown)
    .chunks.filter((chunk) => chunk.breadcrumbs.some((crumb) => crumb.text === heading))
    .map((chunk) => chunk.id)
    .sort();
}

describe('adapter metadata in an embedded vector store that refuses nested values', () => {
  test('the database refuses an object, and takes strings and numbers', async () => {
    await expect(
      upsert('probe', [{ id: 'a', text: 'a', metadata: { loc: { start: 0, end: 1 } } }]),
    ).rejects.toThrow('SQLite3 can only bind numbers, strings, bigints, buffers, and null');
    await upsert('probe2', [{ id: 'a', text: 'a', metadata: { source: 'a.md', start: 0 } }]);
    expect((await db.execute('SELECT count(*) AS n FROM probe2')).rows[0]?.n).toBe(1);
  });

  test('LangChain: chunk documents go in as they are, and filter by heading', async () => {
    const splitter = new ChunkdownTextSplitter({ chunkSize: 60, syntax: auto() });
    const docs = await splitter.splitDocuments([
      new LangChainDocument({ pageContent: markdown, metadata: { source: 'llamas.md' } }),
    ]);
    expect(docs.some((doc) => doc.metadata.containers)).toBe(true);
    await upsert(
      'langchain',
      docs.map((doc) => ({
        id: `${doc.metadata.source}#${doc.id}`,
        text: doc.pageContent,
        metadata: doc.metadata,
      })),
    );
    const found = await nearestUnder('langchain', 'Care', 'Feed them hay');
    expect(found.map((id) => id.replace('llamas.md#', '')).sort()).toEqual(idsUnder('Care', 60));
    const stored = await db.execute(
      `SELECT "m_breadcrumbs" AS breadcrumbs, "m_containers" AS containers FROM langchain WHERE "m_containers" IS NOT NULL`,
    );
    expect(stored.rows.length).toBeGreaterThan(0);
    for (const row of stored.rows) {
      expect(row.breadcrumbs).toBe('Llamas › Care');
      expect(JSON.parse(String(row.containers))).toEqual(['warning: Back up first']);
    }

    const structured = await new ChunkdownTextSplitter({
      chunkSize: 60,
      syntax: auto(),
      metadataFormat: 'structured',
    }).splitDocuments([new LangChainDocument({ pageContent: markdown, metadata: {} })]);
    await expect(
      upsert(
        'langchain_structured',
        structured.map((doc) => ({
          id: String(doc.id),
          text: doc.pageContent,
          metadata: doc.metadata,
        })),
      ),
    ).rejects.toThrow('SQLite3 can only bind');
  });

  test('LlamaIndex: nodes go in through its own metadata check, strings only', async () => {
    const parser = new ChunkdownNodeParser({ chunkSize: 60, syntax: auto() });
    const nodes = parser.getNodesFromDocuments([
      new LlamaDocument({ text: markdown, id_: 'llamas.md', metadata: { source: 'llamas.md' } }),
    ]);
    // What LlamaIndex's vector stores upsert: `nodeToMetadata` refuses nested values and lists.
    const rows = nodes.map((node) => ({
      id: node.id_,
      text: node.getContent(),
      metadata: nodeToMetadata(node, true, 'text', true),
    }));
    await upsert('llamaindex', rows);
    const result = await db.execute({
      sql: `SELECT id FROM llamaindex WHERE "m_breadcrumbs" LIKE ? ORDER BY vector_distance_cos(embedding, vector32(?))`,
      args: ['%Care%', JSON.stringify(embed('Feed them hay'))],
    });
    expect(result.rows.map((row) => String(row.id)).sort()).toEqual(idsUnder('Care', 60));

    const structured = new ChunkdownNodeParser({
      chunkSize: 60,
      metadataFormat: 'structured',
    }).getNodesFromDocuments([new LlamaDocument({ text: markdown })]);
    expect(() => structured.map((node) => nodeToMetadata(node, true, 'text', true))).toThrow(
      'must not be another object',
    );
  });

  test('mastra: chunk documents go in by id, and filter by heading', async () => {
    const chunks = chunkMDocument(MDocument.fromMarkdown(markdown, { source: 'llamas.md' }), {
      chunkSize: 60,
      syntax: auto(),
    });
    await upsert(
      'mastra',
      chunks.map((chunk) => ({ id: chunk.id_, text: chunk.text, metadata: chunk.metadata })),
    );
    expect((await nearestUnder('mastra', 'Care', 'Feed them hay')).sort()).toEqual(
      idsUnder('Care', 60),
    );
    // Upserting again by id replaces, adds nothing.
    await upsert(
      'mastra',
      chunks.map((chunk) => ({ id: chunk.id_, text: chunk.text, metadata: chunk.metadata })),
    );
    expect((await db.execute('SELECT count(*) AS n FROM mastra')).rows[0]?.n).toBe(chunks.length);

    const structured = chunkMDocument(MDocument.fromMarkdown(markdown), {
      chunkSize: 60,
      metadataFormat: 'structured',
    });
    await expect(
      upsert(
        'mastra_structured',
        structured.map((chunk) => ({ id: chunk.id_, text: chunk.text, metadata: chunk.metadata })),
      ),
    ).rejects.toThrow('SQLite3 can only bind');
  });
});
