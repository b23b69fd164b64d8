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
import { useApp } from '../../test/helper';
import { KIT_MESSAGES } from './route-kit';

const SRC = fileURLToPath(new URL('..', import.meta.url));
/** the shared schemas: their custom zod messages reach users as field errors */
const SHARED = fileURLToPath(new URL('../../../../packages/shared/src/', import.meta.url));

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
  // the ledger's self-check, read by operators
  /^modules\/money\/ledger\//,
];
const SQL = /^(SELECT|WITH|INSERT|UPDATE|DELETE|COPY|BEGIN|ORDER BY|WHERE)\b/;
/** API documentation, logs, records' titles (data) and mails' subjects, not answers */
const NOT_ANSWER_CALL = /(\.describe|\.log\.\w+|log\.(info|warn|error|debug)|errorAnswers|console\.\w+)$/;
const NOT_ANSWER_PROP = new Set(['summary', 'description', 'title', 'subject']);

function* sources(dir: string, root = dir): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path, root);
    else if (path.endsWith('.ts') && !NOT_ANSWERS.some((re) => re.test(relative(root, path)))) yield path;
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

/**
 * The messages of the server's answers, in the catalogue's shape (`{}` for each interpolation), with where they are:
 * the server's texts, and the `message` of the shared schemas' rules that is a sentence rather than a message key.
 */
function serverMessages(): Map<string, string> {
  const found = new Map<string, string>();
  const files = [...sources(SRC), ...sources(SHARED)].filter((f) => !f.startsWith(join(SHARED, 'i18n')));
  for (const file of files) {
    const shared = file.startsWith(SHARED);
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node) => {
      if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n)) {
        let text = textOf(n);
        const p = n.parent;
        // counted(n, 'Tag saved', 'tags saved'): the second form follows the count
        if (ts.isCallExpression(p) && p.expression.getText(sf) === 'counted' && p.arguments[2] === n) text = `{} ${text}`;
        // AppError.notFound('Offer') says "Offer not found"
        else if (ts.isCallExpression(p) && p.expression.getText(sf) === 'AppError.notFound') text = `${text} not found`;
        // a message may open with a value (`${name} is already a member…`): then it needs words of its own
        else if (!/^[A-Z]/.test(text) && !(text.startsWith('{') && /[a-z]+ [a-z]+/.test(text.replace(/\{\}/g, '')))) text = '';
        if (ts.isTaggedTemplateExpression(p)) text = '';
        // the route kits' nouns and the messages they compose of them: KIT_MESSAGES, checked below
        if (ts.isPropertyAssignment(p) && ['one', 'many'].includes(p.name.getText(sf))) text = '';
        if (ts.isTemplateExpression(n) && n.head.text === '' && /^(spec|kit)\.(one|many)/.test(n.templateSpans[0].expression.getText(sf)))
          text = '';
        if (shared && !(ts.isPropertyAssignment(p) && p.name.getText(sf) === 'message')) text = '';
        if (text.includes(' ') && /[a-z]/.test(text) && !text.includes('\n') && !SQL.test(text) && !inDocsOrLogs(n, sf)) {
          found.set(text, `${relative(shared ? SHARED : SRC, file)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// the app's routes registered: the kits have composed their messages
await useApp();

describe('the Russian catalogue of server messages', () => {
  it('translates every message of the server', () => {
    const known = new Set(Object.keys(MESSAGES_RU).map(messageShape));
    const missing = [...serverMessages()].filter(([text]) => !known.has(text)).map(([text, where]) => `${where}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('translates every message the route kits compose of their nouns', async () => {
    const known = new Set(Object.keys(MESSAGES_RU).map(messageShape));
    expect(KIT_MESSAGES.size).toBeGreaterThan(20);
    expect([...KIT_MESSAGES].filter((m) => !known.has(messageShape(m)))).toEqual([]);
  });

  it('holds Russian texts with placeholders of their keys', () => {
    for (const [en, ru] of Object.entries(MESSAGES_RU)) {
      expect(ru, en).toMatch(/[а-яё]/i);
      // a translation may leave a value out (the English article of `{a} {type} creative…`), never add one
      expect(placeholders(en), en).toEqual(expect.arrayContaining(placeholders(ru)));
    }
  });
});
