/**
 * Every message the server may show a user has its Russian translation (issue 20): the server's sources are read for
 * the texts of its answers — errors, field errors, success messages — and each must be a key of the catalogue
 * (packages/shared/src/i18n/messages.ru.ts), with the same placeholders.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES_RU } from '@leadgrid/shared/i18n/messages.ru';
import { messageShape } from '@leadgrid/shared/i18n/translate';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** sources whose texts no user of the web app reads as an answer's message */
const NOT_ANSWERS = [
  /\.test\.ts$/,
  /fixtures?\.ts$/,
  /\.cli\.ts$/,
  /^db\//,
  /^config\.ts$/,
  /^http\/openapi\.ts$/,
  // for machines, English always (http/language.ts): the click and the inbound postback
  /^modules\/engine\/tracking\//,
  /^modules\/engine\/conversions\/postback-in/,
  // documents and mails, not answers
  /^modules\/money\/invoices\/invoices\.documents\.ts$/,
  /^modules\/engine\/integration-guide\//,
  /-mail\.ts$/,
];
const SQL = /^(SELECT|WITH|INSERT|UPDATE|DELETE|COPY|BEGIN|ORDER BY|WHERE)\b/;
/** API documentation, logs and records' titles (data), not answers */
const NOT_ANSWER_CALL = /(\.describe|\.log\.\w+|log\.(info|warn|error|debug)|errorAnswers|console\.\w+)$/;
const NOT_ANSWER_PROP = new Set(['summary', 'description', 'title']);

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (path.endsWith('.ts') && !NOT_ANSWERS.some((re) => re.test(relative(SRC, path)))) yield path;
  }
}

const textOf = (n: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression) =>
  ts.isTemplateExpression(n) ? n.head.text + n.templateSpans.map((s) => `{}${s.literal.text}`).join('') : n.text;

function inDocsOrLogs(n: ts.Node, sf: ts.SourceFile): boolean {
  for (let p: ts.Node | undefined = n.parent; p; p = p.parent) {
    if (ts.isCallExpression(p) && NOT_ANSWER_CALL.test(p.expression.getText(sf))) return true;
    if (ts.isNewExpression(p) && p.expression.getText(sf) === 'Error') return true;
    if (ts.isPropertyAssignment(p) && NOT_ANSWER_PROP.has(p.name.getText(sf))) return true;
    if (ts.isStatement(p)) return false;
  }
  return false;
}

/** the messages of the server's answers, in the catalogue's shape (`{}` for each interpolation), with where they are */
export function serverMessages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sources(SRC)) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node) => {
      if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n)) {
        let text = textOf(n);
        const p = n.parent;
        // counted(n, 'Tag saved', 'tags saved'): the second form follows the count
        if (ts.isCallExpression(p) && p.expression.getText(sf) === 'counted' && p.arguments[2] === n) text = `{} ${text}`;
        else if (!/^[A-Z]/.test(text)) text = '';
        if (text.includes(' ') && /[a-z]/.test(text) && !text.includes('\n') && !SQL.test(text) && !inDocsOrLogs(n, sf)) {
          found.set(text, `${relative(SRC, file)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the Russian catalogue of server messages', () => {
  it('translates every message of the server', () => {
    const known = new Set(Object.keys(MESSAGES_RU).map(messageShape));
    const missing = [...serverMessages()].filter(([text]) => !known.has(text)).map(([text, where]) => `${where}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('holds Russian texts with the placeholders of their keys', () => {
    for (const [en, ru] of Object.entries(MESSAGES_RU)) {
      expect(ru, en).toMatch(/[а-яё]/i);
      expect(placeholders(ru), en).toEqual(placeholders(en));
    }
  });
});
