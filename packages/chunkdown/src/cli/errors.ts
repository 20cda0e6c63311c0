/**
 * A mistake in how the tool was called (an unknown flag, a bad value, an unreadable config
 * file). The CLI prints its message on one line with a short usage and exits with code 2.
 */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * A failure outside the tool's control that ends the run (the output cannot be written).
 * The CLI prints its message on one line and exits with code 1.
 */
export class RunError extends Error {
  override name = 'RunError';
}

/**
 * Turn an error from the file system into a short phrase for a one-line message
 * (`no such file or directory`, `permission denied`, …), without a stack trace.
 *
 * @param error Whatever was thrown.
 * @returns A lower-case description.
 */
export function describeError(error: unknown): string {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    case 'ENOTDIR':
      return 'not a directory';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}
