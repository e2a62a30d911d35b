import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PART_FAILURES } from '../../src/errors';
import { hydrated, useBrowserSuite } from '../helpers/browser';
import { startHangingS3, type HangingS3 } from '../helpers/s3';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n', 'latin1'), Buffer.alloc(4000, 0x20)]);

// An admin uploads while the S3 store accepts connections and never answers: within the store's deadline the page says
// which part failed, and the progress bar goes away, on a desktop and on a phone.
describe('uploading while attachments are unavailable', () => {
  let s3: HangingS3;
  beforeAll(async () => {
    s3 = await startHangingS3();
  });
  afterAll(async () => {
    await s3?.stop();
  });
  const suite = useBrowserSuite(() => ({ ...s3.env, S3_TIMEOUT_MS: '1500', S3_CONNECT_TIMEOUT_MS: '500' }));

  it.each([1280, 375])('at %i px the admin is told attachments are unavailable and the progress bar goes away', async (width) => {
    const { context, page, errors } = await suite.openPage(width, { height: 800, signedIn: 'admin' });
    await page.goto(`${suite.server.url}/knowledge-admin`);
    await hydrated(page, 'KnowledgeAdmin');
    await page.getByRole('tab', { name: 'Knowledge Items' }).click();
    await page.getByRole('button', { name: 'Add Item' }).click();
    const form = page.getByRole('form', { name: 'New knowledge item' });
    await form.getByLabel('Upload File').setInputFiles({ name: 'worksheet.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('alert').getByText(`Failed to upload file: ${PART_FAILURES.storage.message}`).waitFor({ timeout: 10_000 });
    expect(await form.getByRole('progressbar', { name: 'Upload progress' }).count()).toBe(0);
    // The rest of the form still works: the admin can carry on without the attachment.
    await form.getByLabel('Title').fill('Still editable');
    expect(errors.filter((e) => !/503/.test(e))).toEqual([]);
    await context.close();
  });
});
