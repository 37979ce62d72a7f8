import { useState } from 'react';
import { RETURN_PHOTOS_MAX, returnTexts } from '@pitstop/core/returns';
import { returnFormTexts } from '@pitstop/core/return-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField, fileInputClass } from '@/components/ui/form-field';
import { photoFileSchema } from '@/lib/photo-file';
import { problemText } from '@/lib/error-text';
import { UPLOAD_ACCEPT, uploadImage } from '@/lib/uploads';

interface ReturnPhotosFieldProps {
  /** The addresses POST /api/uploads answered, in the order they were added. */
  value: string[];
  onChange: (urls: string[]) => void;
  /** The form's error for the photos (too many, one not uploaded), from the schema or the server. */
  error?: string | undefined;
  /** Told while a photo is on its way, so the form waits for it before sending. */
  onUploadingChange: (uploading: boolean) => void;
}

const photoFile = photoFileSchema({ required: true });

/**
 * Up to five photos of the parts, each uploaded through the shop's upload pipeline as soon as it
 * is picked (the review and profile forms' picker, several files at once), shown as thumbnails
 * that can be removed again. The request then sends only their addresses, which the server checks
 * are ours.
 */
export function ReturnPhotosField({ value, onChange, error, onUploadingChange }: ReturnPhotosFieldProps) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // A file input's value cannot be set: a new key empties it after each pick.
  const [pickerKey, setPickerKey] = useState(0);
  const full = value.length >= RETURN_PHOTOS_MAX;

  async function add(files: File[]) {
    setProblem(null);
    const room = RETURN_PHOTOS_MAX - value.length;
    const picked = files.slice(0, room);
    for (const file of picked) {
      const checked = photoFile.safeParse(file);
      if (!checked.success) {
        setProblem(checked.error.issues[0]?.message ?? returnFormTexts.photoUploadFailed);
        return;
      }
    }
    setUploading(true);
    onUploadingChange(true);
    setAnnouncement(returnFormTexts.photosUploading);
    // Nothing else changes the list meanwhile: the picker and the remove buttons wait.
    let current = value;
    try {
      for (const file of picked) {
        current = [...current, await uploadImage(file)];
        onChange(current);
      }
      setAnnouncement(returnFormTexts.photoAdded(current.length, RETURN_PHOTOS_MAX));
      if (files.length > room) setProblem(returnTexts.photosTooMany);
    } catch (err) {
      setAnnouncement('');
      setProblem(problemText(err, returnFormTexts.photoUploadFailed));
    } finally {
      setUploading(false);
      onUploadingChange(false);
      setPickerKey((k) => k + 1);
    }
  }

  function remove(index: number) {
    const next = value.filter((_, i) => i !== index);
    onChange(next);
    setAnnouncement(returnFormTexts.photoAdded(next.length, RETURN_PHOTOS_MAX));
  }

  return (
    <div className="flex flex-col gap-3">
      <FormField
        label={returnFormTexts.photosLabel}
        hint={returnFormTexts.photosHint(RETURN_PHOTOS_MAX)}
        error={problem ?? error}
      >
        {(control) => (
          <input
            {...control}
            key={pickerKey}
            type="file"
            multiple
            accept={UPLOAD_ACCEPT}
            disabled={uploading || full}
            onChange={(event) => void add([...(event.target.files ?? [])])}
            className={fileInputClass}
          />
        )}
      </FormField>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {uploading ? <p className="text-sm text-slate-600">{returnFormTexts.photosUploading}</p> : null}
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-3">
          {value.map((url, index) => (
            <li key={url} className="flex flex-col items-center gap-1.5">
              <img
                src={url}
                alt={returnFormTexts.photoAlt(index + 1)}
                className="size-20 rounded-lg border border-slate-200 object-cover"
              />
              <button
                type="button"
                className={buttonStyles('ghost', 'sm')}
                disabled={uploading}
                onClick={() => remove(index)}
              >
                {returnFormTexts.photoRemove(index + 1)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
