import { corpusReport, reportTable } from '../../src/assistant/corpus/report';
import { knowledgeTools } from '../../src/assistant/tools';
import { createTestApp } from '../../tests/helpers/app';

/**
 * The built-in engine's understanding measured on the corpus (src/assistant/corpus): the held-out part, which nobody
 * reads while changing the engine, and the training part the classifier learned from. Retrieval runs on the
 * shipped knowledge base (PGlite).
 */
export async function understanding(): Promise<void> {
  const app = await createTestApp('pglite');
  try {
    const reports = await corpusReport(['held-out', 'train'], knowledgeTools(app.services.knowledge));
    console.log(reportTable(reports));
    console.log(
      '\nIntent and topic: share of turns right (topic over turns labelled with one); slot keys: share of the keys labelled or read that are right;',
    );
    console.log(
      'whole frames: turns with every slot right; earlier facts kept: what a later turn must still know; recall: knowledge questions whose',
    );
    console.log(
      'answering article is first / in the first three; unanswerable declined: questions no article answers that got "I don\'t know".\n',
    );
  } finally {
    await app.close();
  }
}
