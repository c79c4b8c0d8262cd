/**
 * A reader for the subset of the Dockerfile syntax docker/Dockerfile uses, so tests can replay
 * it (image-build.ts) instead of keeping a second list of what goes into an image. Anything it
 * does not understand (an unknown instruction or flag, a shell-form entry command, a variable
 * operator) is an error, never skipped: the replay must be what a builder would do, or fail.
 */

export interface Instruction {
  /** Upper case: FROM, ARG, RUN, COPY, … */
  keyword: string;
  /** Leading `--name=value` options (RUN --mount may repeat; values in order). */
  flags: Map<string, string[]>;
  /** The rest of the line, continuations joined, flags removed. */
  args: string;
  /** 1-based line where the instruction starts. */
  line: number;
}

export interface Stage {
  /** Its `AS` name, else its index. */
  name: string;
  /** The image, with the global ARGs' defaults in place of `${NAME}` (what `docker build` with no --build-arg uses). */
  from: string;
  /** The FROM line's image as written. */
  fromAsWritten: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARGs before the first FROM (only FROM lines may use them). */
  globalArgs: Instruction[];
  stages: Stage[];
}

/** The instructions the replay understands, and the options each may carry. */
const KNOWN = new Map<string, readonly string[]>([
  ['FROM', []],
  ['ARG', []],
  ['ENV', []],
  ['LABEL', []],
  ['WORKDIR', []],
  ['COPY', ['from']],
  ['RUN', ['mount']],
  ['USER', []],
  ['EXPOSE', []],
  ['HEALTHCHECK', ['interval', 'timeout', 'start-period', 'start-interval', 'retries']],
  ['STOPSIGNAL', []],
  ['ENTRYPOINT', []],
  ['CMD', []],
]);

/** Logical instructions: comments and blank lines dropped, `\` continuations joined (comment lines inside one too, as Docker does). */
function logicalLines(text: string): { text: string; line: number }[] {
  const result: { text: string; line: number }[] = [];
  let current: { text: string; line: number } | undefined;
  text.split('\n').forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed.startsWith('#') || trimmed === '') return;
    const continued = trimmed.endsWith('\\');
    const part = continued ? trimmed.slice(0, -1) : trimmed;
    current = current ? { ...current, text: `${current.text} ${part}` } : { text: part, line: index + 1 };
    if (!continued) {
      result.push(current);
      current = undefined;
    }
  });
  if (current) throw new Error(`Dockerfile line ${String(current.line)}: a continuation runs past the end of the file`);
  return result;
}

function parseInstruction({ text, line }: { text: string; line: number }): Instruction {
  const match = /^(\S+)\s*(.*)$/s.exec(text);
  if (!match?.[1]) throw new Error(`Dockerfile line ${String(line)}: cannot read ${JSON.stringify(text)}`);
  const keyword = match[1].toUpperCase();
  const options = KNOWN.get(keyword);
  if (!options) throw new Error(`Dockerfile line ${String(line)}: ${keyword} is not an instruction the image replay understands`);
  let args = match[2] ?? '';
  const flags = new Map<string, string[]>();
  for (let flag = /^--([a-z-]+)=(\S+)\s*/.exec(args); flag; flag = /^--([a-z-]+)=(\S+)\s*/.exec(args)) {
    const [whole, name = '', value = ''] = flag;
    if (!options.includes(name)) throw new Error(`Dockerfile line ${String(line)}: ${keyword} --${name} is not an option the image replay understands`);
    flags.set(name, [...(flags.get(name) ?? []), value]);
    args = args.slice(whole.length);
  }
  return { keyword, flags, args: args.trim(), line };
}

/** `${NAME}` and `$NAME` replaced by the default a global `ARG NAME=default` gives (empty without one). */
function withArgDefaults(text: string, globalArgs: Instruction[]): string {
  const defaults = new Map(
    globalArgs.map((arg) => {
      const [name = '', ...value] = arg.args.split('=');
      return [name, value.join('=')];
    }),
  );
  return text.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, braced: string | undefined, bare: string | undefined) => defaults.get(braced ?? bare ?? '') ?? '');
}

export function parseDockerfile(text: string): Dockerfile {
  const dockerfile: Dockerfile = { globalArgs: [], stages: [] };
  for (const instruction of logicalLines(text).map(parseInstruction)) {
    if (instruction.keyword === 'FROM') {
      const [from = '', as, name, ...rest] = instruction.args.split(/\s+/);
      if (rest.length > 0 || (as !== undefined && (as.toUpperCase() !== 'AS' || !name)))
        throw new Error(`Dockerfile line ${String(instruction.line)}: FROM image [AS name]`);
      dockerfile.stages.push({
        name: name ?? String(dockerfile.stages.length),
        from: withArgDefaults(from, dockerfile.globalArgs),
        fromAsWritten: from,
        instructions: [],
      });
      continue;
    }
    const stage = dockerfile.stages.at(-1);
    if (stage) stage.instructions.push(instruction);
    else if (instruction.keyword === 'ARG') dockerfile.globalArgs.push(instruction);
    else throw new Error(`Dockerfile line ${String(instruction.line)}: ${instruction.keyword} before the first FROM`);
  }
  return dockerfile;
}

/** `$NAME`, `${NAME}`, `${NAME:-word}`, `${NAME:+word}` as Docker substitutes them in COPY, WORKDIR, ENV, …; an unset name is empty. */
export function expand(text: string, variables: ReadonlyMap<string, string>): string {
  return text.replace(
    /\\\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:[-+])([^}]*))?\}|\$\{[^}]*\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (whole, braced?: string, operator?: string, word?: string, bare?: string) => {
      if (whole === '\\$') return '$';
      const name = braced ?? bare;
      if (name === undefined) throw new Error(`unsupported substitution ${whole}`);
      const value = variables.get(name) ?? '';
      if (operator === ':-') return value === '' ? (word ?? '') : value;
      if (operator === ':+') return value === '' ? '' : (word ?? '');
      return value;
    },
  );
}

/** Whitespace-separated words; double or single quotes group and are removed, `\\` escapes (as in ENV, LABEL, ARG). */
export function words(text: string): string[] {
  const result: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (char === '\\' && quote !== "'" && i + 1 < text.length) word = (word ?? '') + text.charAt(++i);
    else if (quote !== undefined && char === quote) quote = undefined;
    else if (quote === undefined && (char === '"' || char === "'")) [quote, word] = [char, word ?? ''];
    else if (quote === undefined && /\s/.test(char)) {
      if (word !== undefined) result.push(word);
      word = undefined;
    } else word = (word ?? '') + char;
  }
  if (quote !== undefined) throw new Error(`unterminated quote in ${text}`);
  if (word !== undefined) result.push(word);
  return result;
}

/** `key=value` pairs (the only ENV, LABEL form the replay accepts). */
export function pairs(instruction: Instruction): [string, string][] {
  return words(instruction.args).map((word) => {
    const at = word.indexOf('=');
    if (at <= 0) throw new Error(`Dockerfile line ${String(instruction.line)}: ${instruction.keyword} ${word}: write key=value`);
    return [word.slice(0, at), word.slice(at + 1)];
  });
}

/** The JSON array of an exec-form ENTRYPOINT, CMD or HEALTHCHECK CMD; the shell form is refused (it would make /bin/sh PID 1). */
export function execForm(instruction: Instruction, args = instruction.args): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(args);
  } catch {
    throw new Error(`Dockerfile line ${String(instruction.line)}: ${instruction.keyword} must be in exec form (a JSON array), not ${args}`);
  }
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string'))
    throw new Error(`Dockerfile line ${String(instruction.line)}: not an array of strings`);
  return parsed;
}
