/**
 * What a span may say of an SQL statement: its text with every literal replaced by `?`. MikroORM
 * writes values into the statement itself, so the text the Postgres instrumentation records would
 * otherwise carry receiver URLs, e-mail addresses, password hashes and component contents to whoever
 * reads the trace backend. Placeholders (`$1`), identifiers, keywords and operators stay; comments go.
 */

// At each position, the first that matches: a comment (dropped), a literal (a `?`), or what stays (a
// quoted identifier, a placeholder, a keyword or identifier, each whole, so no digit or quote inside
// one is mistaken for the start of a literal).
const TOKENS = new RegExp(
  [
    String.raw`(?<comment>--[^\n]*|/\*[\s\S]*?\*/)`,
    '(?<literal>' +
      [
        String.raw`[eE]'(?:[^'\\]|''|\\[\s\S])*'`, // an escape string: backslashes escape
        String.raw`(?:[bBxX]|[uU]&)?'(?:[^']|'')*'`, // a standard string (a bit, hex or Unicode one too)
        String.raw`\$(?<tag>[A-Za-z_][A-Za-z0-9_]*)?\$[\s\S]*?\$\k<tag>\$`, // a dollar-quoted string
        String.raw`(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?`, // a number
      ].join('|') +
      ')',
    String.raw`(?<kept>"(?:[^"]|"")*"|\$\d+|[A-Za-z_][A-Za-z0-9_$]*)`,
  ].join('|'),
  'g',
);

/** `sql` without its literals, or undefined when a quote is left that no literal closed (what follows could be a value). */
export function statementWithoutLiterals(sql: string): string | undefined {
  const text = sql.replace(TOKENS, (token: string, ...rest: unknown[]) => {
    const groups = rest.at(-1) as { comment?: string; literal?: string };
    if (groups.comment !== undefined) return ' ';
    return groups.literal !== undefined ? '?' : token;
  });
  return /['$]/.test(text.replace(/\$\d+/g, '').replace(/"(?:[^"]|"")*"/g, '""')) ? undefined : text;
}
