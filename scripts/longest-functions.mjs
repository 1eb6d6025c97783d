// Reports the longest functions in src/ (function declarations, methods, arrow and function
// expressions, with their nested functions counted in), so long units show in every `npm test`.
// Usage: node scripts/longest-functions.mjs [--top N] [--over LINES]
//   --top N      how many to list (default 5)
//   --over L     also count the functions longer than L lines (default 100)
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const { values } = parseArgs({ options: { top: { type: 'string', default: '5' }, over: { type: 'string', default: '100' } } });
const top = Number(values.top);
const over = Number(values.over);
const root = path.resolve(import.meta.dirname, '..');

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

/** The name a reader would search for: the declaration's, or the variable or property it is assigned to. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && ts.isIdentifier(parent.name)) return parent.name.text;
  return '(anonymous)';
}

const found = [];
for (const file of sourceFiles(path.join(root, 'src'))) {
  const text = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      found.push({ name: nameOf(node), file: path.relative(root, file), start, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

found.sort((a, b) => b.lines - a.lines);
const longer = found.filter((f) => f.lines > over).length;
console.log(`Longest functions in src/ (${found.length} functions; ${longer} over ${over} lines):`);
for (const f of found.slice(0, top)) console.log(`  ${String(f.lines).padStart(4)}  ${f.name}  ${f.file}:${f.start}`);
