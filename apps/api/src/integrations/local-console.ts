/** A message delivered locally, as the server prints it on its console. */
export type LocalMessage = { channel: 'SMS' | 'E-mail' | 'WhatsApp' | 'Push'; to: string; subject?: string; body: string };
export type Print = (message: LocalMessage) => void;

/**
 * Prints a locally delivered message on the server's standard output, outside the structured log:
 * on a bare machine this is how the person who started the server reads a sign-up code or a link.
 * The log (which may be shipped elsewhere) never holds a message body.
 */
export function consolePrinter(write: (text: string) => void = (text) => process.stdout.write(text)): Print {
  return ({ channel, to, subject, body }) => {
    const lines = [`── ${channel} to ${to} (local delivery) ──`, ...(subject ? [subject] : []), body, ''];
    write(`\n${lines.join('\n')}\n`);
  };
}
