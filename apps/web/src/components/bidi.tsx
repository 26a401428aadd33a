import type { ReactNode } from 'react';

/**
 * A person's (or business's) name inside a sentence of either language: isolated, so "Hello, نورة"
 * keeps its comma after "Hello" and an English name in an Arabic sentence keeps its place. Used as
 * the `<name>` component of `Trans` too, where it receives the interpolated name as children.
 */
export function PersonName({ name, children }: { name?: string | null; children?: ReactNode }) {
  return <bdi className="person-name">{name ?? children}</bdi>;
}

/**
 * Left-to-right text (a phone number, an e-mail, a code) inside either language: isolated, and set
 * at the start of its line like the label beside it (`.ltr-value` aligns to the parent's start).
 */
export function Ltr({ children, className, 'data-testid': testId }: { children: ReactNode; className?: string; 'data-testid'?: string }) {
  return (
    <span dir="ltr" className={className ? `ltr-value ${className}` : 'ltr-value'} data-testid={testId}>
      {children}
    </span>
  );
}
