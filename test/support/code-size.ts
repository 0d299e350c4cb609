/** Sizes of the source files and functions of a folder, for the house rules on length (docs/architecture.md). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface SizedThing {
  file: string;
  name: string;
  lines: number;
}

export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(root)) {
    const full = path.join(root, entry);
    if (statSync(full).isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry)) files.push(full);
  }
  return files.sort();
}

/** Every function, method and arrow function of a file with its length in lines (first to last). */
export function functionSizes(file: string): SizedThing[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: SizedThing[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const name =
        (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name
          ? node.name.getText(source)
          : ts.isVariableDeclaration(node.parent)
            ? node.parent.name.getText(source)
            : `(anonymous at line ${lineOf(node.getStart(source)) + 1})`;
      found.push({ file, name, lines: lineOf(node.end) - lineOf(node.getStart(source)) + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export const lineCount = (file: string) => readFileSync(file, 'utf8').split('\n').length;
