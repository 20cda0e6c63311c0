/** Types of what the tests use from `datasets.mjs`. */
export function halfOf(id: string): 'tune' | 'held';
