import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';

/** More than the admin API accepts (1,024 characters): a longer input is a wrong file piped in, not a password. */
const MAX_PASSWORD_BYTES = 4096;

export class PasswordInputError extends Error {}

/** A piped password: the whole of standard input, without the one line ending `echo` or a file adds. */
async function passwordFromStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stdin) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    bytes += buffer.length;
    if (bytes > MAX_PASSWORD_BYTES) throw new PasswordInputError(`standard input holds more than ${String(MAX_PASSWORD_BYTES)} bytes: not a password`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** A typed password: asked for on the terminal (the prompt on stderr, stdout being the JSON answer), never echoed. */
async function passwordFromPrompt(stdin: NodeJS.ReadStream, stderr: NodeJS.WriteStream): Promise<string> {
  let echo = true;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (echo) stderr.write(chunk);
      done();
    },
  });
  const prompt = createInterface({ input: stdin, output, terminal: true });
  try {
    const answer = prompt.question('password: ');
    echo = false;
    return await answer;
  } finally {
    prompt.close();
    stderr.write('\n');
  }
}

/**
 * The password for `designer create`, never from the command line, where shell history and `ps` keep
 * it: piped with `--password-stdin`, else typed at a prompt when there is a terminal.
 */
export async function passwordInput(
  fromStdin: boolean,
  stdin: NodeJS.ReadStream = process.stdin,
  stderr: NodeJS.WriteStream = process.stderr,
): Promise<string> {
  if (fromStdin) return passwordFromStdin(stdin);
  if (!stdin.isTTY) throw new PasswordInputError('no terminal to ask for the password on: pipe it in with --password-stdin');
  return passwordFromPrompt(stdin, stderr);
}
