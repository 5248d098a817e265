/**
 * The content check on the phone, as a script of its own (`_editor/checker.js`): site check's
 * schemas and checks are some 160 KB gzipped, more than the whole editor, so the phone loads them
 * after the form is up, and site dev's editor never does.
 */
export { editableFile } from '../../generator/editor/content/files.js';
export { valueProblems } from '../../generator/editor/content/memory-problems.js';
