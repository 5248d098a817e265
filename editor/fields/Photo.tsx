import { useState, type ChangeEvent } from 'react';
import { EDIT_ROOT, messageOf, postFile } from '../api.js';
import { useForm } from '../context.js';
import { SETTINGS } from '../settings.js';
import { FieldNotes, LabelText, useFieldInfo } from './info.js';
import type { LeafProps } from './Leaf.js';
import type { ModelOf } from '../types.js';

/** Upload types the site's photo pipeline reads: phones' camera rolls give JPEG or PNG, and WebP or AVIF from the web. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
/** A picture named by its file alone (the logo) is drawn into the favicon and share pictures, which take these two. */
const ACCEPT_SRC_ONLY = 'image/png,image/jpeg';

/** A name the server takes: lower case letters, digits and dashes, with the picture's own extension. */
export function uploadName(name: string): string {
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const extension = (dot > 0 ? name.slice(dot + 1) : '').toLowerCase().replace('jpeg', 'jpg');
  return `${stem || 'photo'}.${extension || 'jpg'}`;
}

/** The first of name-2.jpg, name-3.jpg… that is not taken. */
function freeName(name: string, taken: readonly string[]): string {
  const dot = name.lastIndexOf('.');
  const stem = name.slice(0, dot);
  const extension = name.slice(dot);
  for (let n = 2; ; n++) {
    const candidate = `${stem}-${n}${extension}`;
    if (!taken.includes(candidate)) return candidate;
  }
}

interface PhotoValue {
  src?: unknown;
  alt?: unknown;
}

/**
 * A photo: the file (`src`, an image path such as images/van.jpg) and what it shows (`alt`). Shown as
 * it looks now, with a picker of content/images/, an upload into it, and the alt text beside. A
 * picture named by its file alone (the logo, `srcOnly`) is the same without the alt text.
 */
export function PhotoField({ model, path, value, onChange, label }: LeafProps<ModelOf<'photo'>>) {
  const info = useFieldInfo(model, path);
  const srcPath = model.srcOnly ? path : [...path, 'src'];
  const altPath = [...path, 'alt'];
  const srcInfo = useFieldInfo({ ...model, help: undefined }, srcPath);
  const altInfo = useFieldInfo({ ...model, help: undefined }, altPath);
  const { images, refreshImages, lang } = useForm();
  const [upload, setUpload] = useState<{
    state: 'idle' | 'sending' | 'done' | 'refused';
    message: string;
    retry?: { file: File; name: string };
  }>({
    state: 'idle',
    message: '',
  });
  // The schema's photo is { src, alt }; a plain path is taken too, and is the value of a srcOnly picture.
  const plain = typeof value === 'string' || model.srcOnly === true;
  const what = model.srcOnly ? label.toLowerCase() : 'photo';
  const photo: PhotoValue = plain ? { src: value } : value && typeof value === 'object' ? (value as PhotoValue) : {};
  const present = value !== undefined && value !== null;
  const src = typeof photo.src === 'string' ? photo.src : '';
  const alt = typeof photo.alt === 'string' ? photo.alt : '';
  const offered = model.srcOnly ? images.filter((image) => /\.(png|jpe?g)$/i.test(image.src)) : images;
  const listed = offered.find((image) => image.src === src);
  // site dev serves any file of content/images/; the phone has only the pictures its list names.
  const thumbnail = listed ? listed.url : !SETTINGS.phone && /^images\/[^/\\]+$/.test(src) ? `${EDIT_ROOT}/${src}` : undefined;
  const pickId = srcInfo.id;
  const uploadId = `${info.id}-upload`;
  const statusId = `${info.id}-upload-status`;

  const setSrc = (next: string) => {
    if (next === '' && !model.required) onChange(undefined);
    else onChange(plain ? next : { ...photo, src: next, alt });
  };

  async function send(file: File, name: string) {
    setUpload({ state: 'sending', message: `Uploading ${file.name}…` });
    const answer = await postFile<{ src?: string; message?: string }>(`upload?name=${encodeURIComponent(name)}`, file);
    if (answer.ok && answer.body.src) {
      await refreshImages();
      setSrc(answer.body.src);
      setUpload({
        state: 'done',
        message: `Uploaded as content/${answer.body.src}.${alt || plain ? '' : ' Now say what it shows in the alt text.'} Save to use it on the site.`,
      });
    } else {
      // A name already taken: the photo may be the same one (pick it above), or another with a common camera name.
      const retry =
        answer.status === 409
          ? {
              file,
              name: freeName(
                name,
                images.map((image) => image.src.replace(/^images\//, '')),
              ),
            }
          : undefined;
      setUpload({ state: 'refused', message: messageOf(answer.body, `The upload was refused (${answer.status}).`), retry });
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void send(file, uploadName(file.name));
  }

  return (
    // A srcOnly picture's problems belong to its file's picker, which takes the field's id so a problem's link lands there.
    <fieldset className="group field-photo" id={model.srcOnly ? `${info.id}-picture` : info.id} aria-describedby={info.describedBy}>
      <legend>
        <LabelText label={label} required={model.required} />
      </legend>
      <FieldNotes model={model} info={info} />
      <div className="photo-row">
        <div className="thumbnail">
          {thumbnail ? (
            <img src={thumbnail} alt={alt ? `Now chosen: ${alt}` : `Now chosen: ${src}`} />
          ) : (
            <span className="no-photo">{src ? src.replace(/^images\//, '') : `No ${what} chosen`}</span>
          )}
        </div>
        <div className="photo-controls">
          <div className="field">
            <label htmlFor={pickId}>{model.srcOnly ? `${label} file` : 'Photo file'}</label>
            <select
              id={pickId}
              aria-describedby={srcInfo.describedBy}
              aria-invalid={srcInfo.invalid || undefined}
              aria-required={model.required || undefined}
              value={src}
              onChange={(event) => setSrc(event.target.value)}
            >
              <option value="">
                {images.length === 0 ? 'No pictures in content/images yet' : model.required ? `Choose a ${what}…` : `(no ${what})`}
              </option>
              {src !== '' && !listed ? <option value={src}>{src} (not found in content/images)</option> : null}
              {offered.map((image) => (
                <option key={image.src} value={image.src}>
                  {`${image.src.replace(/^images\//, '')}${image.bytes === undefined ? '' : ` (${Math.max(1, Math.round(image.bytes / 1024))} KB)`}`}
                </option>
              ))}
            </select>
            {model.srcOnly ? null : <FieldNotes model={{ ...model, help: undefined }} info={srcInfo} />}
          </div>
          <div className="field">
            <label htmlFor={uploadId}>
              {model.srcOnly ? `Or upload a new ${what} (PNG or JPEG)` : 'Or upload a new photo (JPEG, PNG, WebP or AVIF)'}
            </label>
            <input
              id={uploadId}
              type="file"
              accept={model.srcOnly ? ACCEPT_SRC_ONLY : ACCEPT}
              aria-describedby={statusId}
              onChange={choose}
              disabled={upload.state === 'sending'}
            />
            <p id={statusId} className={`upload-status ${upload.state}`} role={upload.state === 'refused' ? 'alert' : 'status'}>
              {upload.message}
            </p>
            {upload.state === 'refused' && upload.retry ? (
              <button type="button" onClick={() => upload.retry && void send(upload.retry.file, upload.retry.name)}>
                Upload it as {upload.retry.name}
              </button>
            ) : null}
          </div>
          {!plain && present ? (
            <div className="field">
              <label htmlFor={altInfo.id}>
                <LabelText label="Alt text: what the photo shows" required={true} />
              </label>
              <input
                id={altInfo.id}
                type="text"
                lang={lang}
                aria-describedby={[`${altInfo.id}-explain`, altInfo.describedBy].filter(Boolean).join(' ')}
                aria-invalid={altInfo.invalid || undefined}
                aria-required="true"
                value={alt}
                placeholder="e.g. Our crew wrapping a sofa in a Kochi flat"
                onChange={(event) => onChange({ ...photo, src, alt: event.target.value })}
              />
              <p className="help" id={`${altInfo.id}-explain`}>
                For people who cannot see the photo (screen readers, slow connections, search engines).
              </p>
              <FieldNotes model={{ ...model, help: undefined }} info={altInfo} />
            </div>
          ) : null}
          {present && !model.required ? (
            <button type="button" className="quiet" onClick={() => onChange(undefined)}>
              Remove the {what}
            </button>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
