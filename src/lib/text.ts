// Wording helpers the services' messages and the pages share.

/** "1 minute", "3 minutes"; `many` for words that do not just take an s. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
