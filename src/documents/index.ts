// Documents (PDF and CSV), as other folders may use them: build one from an answer, a conversation, a calculation
// or a page, and send it. Inside: the document model, its builders and the PDF and CSV writers.
export { answerDocument, conversationDocument, exchangesOf, type DocContext, type Exchange } from './builders';
export { documentContext, pageFile, pdfFile, registryFile, sendFile } from './files';
export type { Citation, DownloadFile } from './model';
