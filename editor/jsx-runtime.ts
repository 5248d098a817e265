/**
 * React's JSX runtime as named ES module bindings, for the editor's bundle (generator/editor/ui-bundle.ts
 * points its JSX here). React ships the runtime as CommonJS, which a bundle reaches through the
 * module's object at every element, `(0, x.jsx)(…)`, in every file; bindings are called directly.
 * That took about 600 B off the gzipped script.
 */
import * as runtime from 'react/jsx-runtime';

export const jsx = runtime.jsx;
export const jsxs = runtime.jsxs;
export const Fragment = runtime.Fragment;
