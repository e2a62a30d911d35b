import { amountSegments } from '../src/ui/markdown';

/** Text with each rand amount kept on one line ("R20 377.12", never "R20 / 377.12"): the working of a calculation in the chat. */
export function Amounts({ text }: { text: string }) {
  return (
    <>
      {amountSegments(text).map((s, i) =>
        s.amount ? (
          <span key={i} className="amount">
            {s.text}
          </span>
        ) : (
          s.text
        ),
      )}
    </>
  );
}
