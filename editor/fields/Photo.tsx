import { useState, type ChangeEvent } from 'react';
import { EDIT_ROOT, messageOf, postFile } from '../api.js';
import { useForm } from '../context.js';
import { FieldNotes, LabelText, useFieldInfo } from './info.js';
import type { LeafProps } from './Leaf.js';

/** Upload types the site's photo pipeline reads; phones' camera rolls give JPEG or PNG. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

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

/** A photo: what it looks like now, one of content/images/ to pick, or a new file to upload there. */
export function PhotoField({ model, path, value, onChange, label }: LeafProps) {
  const info = useFieldInfo(model, path);
  const { images, refreshImages } = useForm();
  const [upload, setUpload] = useState<{ state: 'idle' | 'sending' | 'done' | 'refused'; message: string }>({ state: 'idle', message: '' });
  const src = typeof value === 'string' ? value : '';
  const listed = images.find((image) => image.src === src);
  const thumbnail = listed?.url ?? (/^images\/[^/\\]+$/.test(src) ? `${EDIT_ROOT}/${src}` : undefined);
  const pickId = info.id;
  const uploadId = `${info.id}-upload`;
  const statusId = `${info.id}-upload-status`;

  async function send(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const name = uploadName(file.name);
    setUpload({ state: 'sending', message: `Uploading ${file.name}…` });
    const answer = await postFile<{ src?: string; message?: string }>(`upload?name=${encodeURIComponent(name)}`, file);
    if (answer.ok && answer.body.src) {
      await refreshImages();
      onChange(answer.body.src);
      setUpload({ state: 'done', message: `Uploaded as content/${answer.body.src}. Save to use it on the site.` });
    } else {
      setUpload({ state: 'refused', message: messageOf(answer.body, `The upload was refused (${answer.status}).`) });
    }
  }

  return (
    <div className="field field-photo">
      <label htmlFor={pickId} className="photo-label">
        <LabelText label={label} required={model.required} />
      </label>
      <div className="photo-row">
        <div className="thumbnail">
          {thumbnail ? <img src={thumbnail} alt={`The photo now chosen: ${src}`} /> : <span className="no-photo">No photo chosen</span>}
        </div>
        <div className="photo-controls">
          <select
            id={pickId}
            aria-describedby={info.describedBy}
            aria-invalid={info.invalid || undefined}
            aria-required={model.required || undefined}
            value={src}
            onChange={(event) => onChange(event.target.value === '' && !model.required ? undefined : event.target.value)}
          >
            <option value="">{images.length === 0 ? 'No photos in content/images yet' : 'Choose a photo…'}</option>
            {src !== '' && !listed ? <option value={src}>{src} (not found in content/images)</option> : null}
            {images.map((image) => (
              <option key={image.src} value={image.src}>
                {image.src.replace(/^images\//, '')} ({Math.max(1, Math.round(image.bytes / 1024))} KB)
              </option>
            ))}
          </select>
          <label htmlFor={uploadId} className="upload-label">
            Upload a new photo (JPEG or PNG)
          </label>
          <input id={uploadId} type="file" accept={ACCEPT} aria-describedby={statusId} onChange={send} disabled={upload.state === 'sending'} />
          <p id={statusId} className={`upload-status ${upload.state}`} role={upload.state === 'refused' ? 'alert' : 'status'}>
            {upload.message}
          </p>
        </div>
      </div>
      <FieldNotes model={model} info={info} />
    </div>
  );
}
