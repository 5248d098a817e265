/**
 * What every editor call from the phone carries: the commit the owner started from (`head`) and
 * the files saved on the phone since (`saved`, texts by name). The Worker keeps no draft: it reads
 * GitHub at that commit and lays the phone's texts over it.
 */
import { editableFile, type EditableFile } from '../../generator/editor/content/files.js';
import { isRecordFile } from './record.js';

export interface EditorRequest {
  head?: string;
  saved: Map<string, string>;
  body: Record<string, unknown>;
}

/** A whole content folder and a few photos ready for the site (about 300 KB each) are far below this. */
export const MAX_EDITOR_BODY = 12 * 1024 * 1024;

const SHA = /^[0-9a-f]{40}$/;

/** The request's parts, or undefined when it is not one the editor page sends. */
export async function readEditorRequest(request: Request): Promise<EditorRequest | undefined> {
  const length = Number(request.headers.get('Content-Length') ?? '0');
  if (length > MAX_EDITOR_BODY) return undefined;
  const text = await request.text();
  if (text.length > MAX_EDITOR_BODY) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const fields = body as Record<string, unknown>;
  if (fields.head !== undefined && (typeof fields.head !== 'string' || !SHA.test(fields.head))) return undefined;
  const saved = new Map<string, string>();
  const given = fields.saved ?? {};
  if (typeof given !== 'object' || given === null || Array.isArray(given)) return undefined;
  for (const [name, value] of Object.entries(given)) {
    if (typeof value !== 'string' || !(editableFile(name) || isRecordFile(name))) return undefined;
    saved.set(name, value);
  }
  return { head: fields.head as string | undefined, saved, body: fields };
}

/** The editable file the body names, or undefined. */
export function namedFile(body: Record<string, unknown>): EditableFile | undefined {
  return typeof body.file === 'string' ? editableFile(body.file) : undefined;
}
