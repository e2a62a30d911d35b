import { urlOf } from '../api';
import { API } from '../endpoints';
import { useId, useRef, useState } from 'react';
import { ACCEPT_ATTRIBUTE, attachmentInfo } from '../../src/knowledge/files';
import { toast } from '../toast';

// An item's attachments: the upload (with its progress bar) and the files attached, in the editor and in the
// list's row.

/** How long to wait for the server's answer once the whole file is sent. */
const ANSWER_WAIT_MS = 60_000;

class UploadFailed extends Error {}
class UploadNetworkError extends Error {}

/** POST /api/knowledge/upload (multipart, field `file`) with upload progress; resolves to the stored filePath. */
function uploadFile(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(API.upload.method, urlOf(API.upload));
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: { filePath?: string; message?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.filePath) resolve(body.filePath);
      else reject(new UploadFailed(body?.message ?? ''));
    };
    xhr.onerror = () => reject(new UploadNetworkError());
    xhr.onabort = () => reject(new UploadNetworkError());
    // The server answers within its storage deadline once it has the file; should no answer come (a proxy
    // holding it), give up so the progress bar does not stay put.
    let waiting: ReturnType<typeof setTimeout> | undefined;
    xhr.upload.onload = () => (waiting = setTimeout(() => xhr.abort(), ANSWER_WAIT_MS));
    xhr.onloadend = () => clearTimeout(waiting);
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

// ---- In the editor and in the list --------------------------------------------------------------

/** Upload File with a progress bar, and the attached files, each removable. */
export function AttachmentsEditor({ attachments, onChange }: { attachments: string[]; onChange: (a: string[]) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const current = useRef(attachments);
  current.current = attachments;

  async function onFile(file: File | undefined) {
    if (!file) return;
    setProgress(0);
    try {
      const filePath = await uploadFile(file, setProgress);
      onChange([...current.current, filePath]);
      toast({ title: 'File Uploaded', description: 'File has been uploaded successfully' });
    } catch (err) {
      if (err instanceof UploadFailed)
        toast({
          title: 'Upload Failed',
          description: err.message ? `Failed to upload file: ${err.message}` : 'Failed to upload file',
          variant: 'destructive',
        });
      else toast({ title: 'Upload Error', description: 'An error occurred during file upload', variant: 'destructive' });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="label">
        Upload File
      </label>
      <input
        id={id}
        ref={input}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        disabled={progress !== null}
        onChange={(e) => onFile(e.target.files?.[0])}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-muted"
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        PDF, images, text, CSV, Word or Excel files up to 10 MB.
      </p>
      {progress !== null && (
        <div className="flex items-center gap-2" data-testid="upload-progress">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
          </div>
          <span className="w-10 text-right text-xs tabular-nums text-muted-foreground">{progress}%</span>
        </div>
      )}
      {attachments.length > 0 && (
        <ul className="space-y-1 pt-1" aria-label="Attached files">
          {attachments.map((a) => {
            const info = attachmentInfo(a);
            return (
              <li key={a} className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-1.5 text-sm">
                <span className="min-w-0 break-all">
                  {info.name}
                  {info.ext && <span className="ml-2 badge bg-muted text-slate-700">{info.ext.toUpperCase()}</span>}
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm shrink-0"
                  onClick={() => onChange(attachments.filter((x) => x !== a))}
                  aria-label={`Remove ${info.name}`}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** The row's line of files: "2 attachments: a.pdf, b.png" (nothing when there are none). */
export function AttachmentsSummary({ attachments }: { attachments: string[] }) {
  if (attachments.length === 0) return null;
  return (
    <div className="text-sm">
      <span className="font-medium">{attachments.length === 1 ? '1 attachment' : `${attachments.length} attachments`}:</span>{' '}
      <span className="break-all text-muted-foreground">{attachments.map((a) => attachmentInfo(a).name).join(', ')}</span>
    </div>
  );
}
