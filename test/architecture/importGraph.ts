/**
 * The project's import graph, read from the sources: every relative import, re-export and
 * dynamic import of every TypeScript file under the given folders, resolved to a file. The
 * architecture test (test/unit/architecture.test.ts) checks it against the rooms of
 * ARCHITECTURE.md.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** One import of one file by another, both relative to the root. */
export interface ImportEdge {
  from: string;
  to: string;
  /** The specifier as written. */
  specifier: string;
}

const SPECIFIERS =
  /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(=])import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)import\s+['"]([^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(root: string, folder: string): string[] {
  const start = path.join(root, folder);
  if (!existsSync(start)) return [];
  if (statSync(start).isFile()) return [folder];
  const files: string[] = [];
  for (const entry of readdirSync(start, { withFileTypes: true })) {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...sourceFiles(root, relative));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(relative);
  }
  return files;
}

function resolveSpecifier(root: string, from: string, specifier: string): string | null {
  const base = path.join(path.dirname(path.join(root, from)), specifier.split('?')[0]!);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return path.relative(root, candidate);
  }
  return null;
}

/** Every relative import of the TypeScript files under `folders` (paths relative to `root`). */
export function importGraph(root: string, folders: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of folders.flatMap((folder) => sourceFiles(root, folder))) {
    const text = readFileSync(path.join(root, from), 'utf8');
    for (const match of text.matchAll(SPECIFIERS)) {
      const specifier = match[1] ?? match[2] ?? match[3]!;
      if (!specifier.startsWith('.')) continue;
      const to = resolveSpecifier(root, from, specifier);
      if (to) edges.push({ from: path.normalize(from), to, specifier });
    }
  }
  return edges;
}

/** The rooms a file may import from, by the room it is in (ARCHITECTURE.md). */
export type RoomRules = Readonly<Record<string, readonly string[]>>;

/** The room of a path: the longest room prefix it starts with, or null when it is in none. */
export function roomOf(file: string, rooms: readonly string[]): string | null {
  let best: string | null = null;
  for (const room of rooms)
    if ((file === room || file.startsWith(`${room}/`)) && (best === null || room.length > best.length))
      best = room;
  return best;
}

/** The imports that go from a room to one it may not import: "from -> to (specifier)". */
export function upwardImports(edges: readonly ImportEdge[], rules: RoomRules): string[] {
  const rooms = Object.keys(rules);
  const found: string[] = [];
  for (const edge of edges) {
    const from = roomOf(edge.from, rooms);
    const to = roomOf(edge.to, rooms);
    if (from === null || to === null || from === to) continue;
    if (!rules[from]!.includes(to)) found.push(`${edge.from} -> ${edge.to} (${from} may not import ${to})`);
  }
  return found;
}

/** Circles of files: each as the files around it, "a -> b -> a" (Tarjan's strongly connected components). */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, []);
    next.get(from)!.push(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (next.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
