import { expect } from 'vitest';
import { UsageError } from '../../src/cli/errors.js';

/**
 * The message of the `UsageError` a call throws: one line.
 *
 * @param run
 *   The call.
 * @returns
 *   The message.
 */
export function usageError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('expected a UsageError');
}
