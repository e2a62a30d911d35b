import { diffArrays, diffLines, diffWords, type Change } from 'diff';
import type { ReactNode } from 'react';

// A diff between two revisions' texts with <ins>/<del>. Colour is not the only cue (added text is underlined,
// removed text struck through: styles.css, "Knowledge admin: revision diffs"), and each change carries words
// for screen readers, which do not announce <ins>/<del> themselves.

export type DiffMode = 'words' | 'lines';

/** Word diffs of long, very different texts can take long: past this, the diff is by line. */
const WORD_DIFF_TIMEOUT_MS = 300;

function Added({ children, block }: { children: ReactNode; block?: boolean }) {
  return (
    <ins className={block ? 'kb-diff-block' : undefined}>
      <span className="sr-only">[added: </span>
      {children}
      <span className="sr-only">]</span>
    </ins>
  );
}

function Removed({ children, block }: { children: ReactNode; block?: boolean }) {
  return (
    <del className={block ? 'kb-diff-block' : undefined}>
      <span className="sr-only">[removed: </span>
      {children}
      <span className="sr-only">]</span>
    </del>
  );
}

export function textChanges(before: string, after: string, mode: DiffMode): { parts: Change[]; mode: DiffMode } {
  if (mode === 'words') {
    const parts = diffWords(before, after, { timeout: WORD_DIFF_TIMEOUT_MS });
    if (parts) return { parts, mode };
  }
  return { parts: diffLines(before, after), mode: 'lines' };
}

/** How much changed, in words for the summary: "3 added, 1 removed". */
export function changeCount(parts: Change[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const p of parts) {
    if (p.added) added += p.count;
    else if (p.removed) removed += p.count;
  }
  return { added, removed };
}

/** Two texts, word by word inline, or line by line. */
export function TextDiff({ before, after, mode = 'words' }: { before: string; after: string; mode?: DiffMode }) {
  const diff = textChanges(before, after, mode);
  if (diff.mode === 'lines') {
    return (
      <div className="kb-diff kb-diff-lines" data-testid="text-diff">
        {diff.parts.map((p, i) => {
          const text = p.value.replace(/\n$/, '');
          if (p.added)
            return (
              <Added key={i} block>
                {text}
              </Added>
            );
          if (p.removed)
            return (
              <Removed key={i} block>
                {text}
              </Removed>
            );
          return (
            <div key={i} className="kb-diff-block">
              {text}
            </div>
          );
        })}
      </div>
    );
  }
  return (
    <div className="kb-diff" data-testid="text-diff">
      {diff.parts.map((p, i) =>
        p.added ? <Added key={i}>{p.value}</Added> : p.removed ? <Removed key={i}>{p.value}</Removed> : <span key={i}>{p.value}</span>,
      )}
    </div>
  );
}

/** Two lists (keywords, tax years, files): the items kept, added and removed. */
export function ListDiff({ before, after, empty = 'None' }: { before: string[]; after: string[]; empty?: string }) {
  const parts = diffArrays(before, after);
  if (before.length === 0 && after.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="kb-diff flex flex-wrap gap-1.5" data-testid="list-diff">
      {parts.flatMap((p, i) =>
        p.value.map((v, j) => (
          <li key={`${i}-${j}`} className="badge bg-muted font-medium text-slate-700">
            {p.added ? <Added>{v}</Added> : p.removed ? <Removed>{v}</Removed> : v}
          </li>
        )),
      )}
    </ul>
  );
}
