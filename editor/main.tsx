import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { EDIT_ROOT } from './api.js';
import { FileEditor } from './FileEditor.js';
import { FileList } from './FileList.js';
import { SETTINGS } from './settings.js';
import { SignedOutNotice } from './phone/SignedOut.js';
import './editor.css';

/** The file named by the address: /__edit/services.yaml → services.yaml; /__edit → none (the list). */
function fileOf(pathname: string): string | undefined {
  const rest = pathname.startsWith(`${EDIT_ROOT}/`) ? pathname.slice(EDIT_ROOT.length + 1) : '';
  const file = decodeURIComponent(rest);
  return file === '' ? undefined : file;
}

const mount = document.getElementById('editor');
if (mount) {
  const file = fileOf(location.pathname);
  createRoot(mount).render(
    <StrictMode>
      {SETTINGS.phone ? <SignedOutNotice /> : null}
      {file ? <FileEditor file={file} /> : <FileList />}
    </StrictMode>,
  );
}
