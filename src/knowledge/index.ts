// The knowledge base, as other folders may use it: the service, its contracts (schemas.ts), the search text's
// pure helpers (query.ts), the lifecycle's wording, the upload rules and the seed.
export { createKnowledgeService, SEARCH_DEFAULT_LIMIT, type KnowledgeService } from './service';
export * from './schemas';
export { isSearchable, normaliseCodes, MAX_QUERY_LENGTH, MIN_QUERY_LENGTH } from './query';
export { lexemesOf, makeSnippet, previewText } from './snippets';
export { appliesTo, yearNotice } from './lifecycle';
export { attachmentInfo, extensionOf, matchesMagicBytes, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from './files';
export { seedKnowledge } from './seed';
