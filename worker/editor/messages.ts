/** The editor's own refusals on the phone, by stable code, in the owner's words. */
export const EDITOR_MESSAGES = {
  'editor-file-unknown': 'The editor has no such file. Go back to the list of files and pick it there.',
  'editor-changed-meanwhile':
    'This file was changed on this phone since you opened it (in another tab?), so your version was not kept, to keep that change. Open the file again, then make your change again.',
  'editor-not-written': 'This change could not be written into the file as it is, so nothing was kept. Change the value and try again.',
  'editor-not-checked':
    'Some of your changes do not pass the site’s checks yet, so nothing was published. Mend the problems listed, then press Publish again.',
  'editor-nothing': 'Nothing to publish: every change kept on this phone is already on the site.',
  'editor-undo-moved':
    'Someone changed these files again after that publish, so it was not undone, to keep their change. Change the values back by hand instead.',
  'editor-photo-refused':
    'One of the photos kept on this phone could not be taken. Throw away the changes kept here, add the photo again, and publish.',
  'editor-undo-unknown': 'That publish is no longer the last change to its files, so it cannot be undone from here.',
  'editor-record-broken':
    'The record of what each Malayalam text translates has a mistake, so nothing was marked. Ask whoever looks after the site to mend the file translated-from.yaml; your other changes are kept on this phone.',
  'editor-preview-not-checked':
    'Some of your changes do not pass the site’s checks yet, so no preview was made. Mend the problems listed, then ask for the preview address again.',
  'editor-preview-nothing': 'There is nothing to preview: no change is kept on this phone. Save a change first.',
  'editor-no-preview-address':
    'This site cannot make a preview address yet: it gets one from its next publish to Cloudflare. Publish any change once, then ask again; your changes stay kept on this phone.',
  'editor-live-unknown': 'The page did not say which publish to look for on the site. Reload the page.',
  'editor-failed': 'The site could not do this just now. Your changes are kept on this phone: try again in a minute.',
} as const;

export type EditorMessageCode = keyof typeof EDITOR_MESSAGES;
