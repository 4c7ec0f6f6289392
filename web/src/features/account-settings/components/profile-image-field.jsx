import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import { useFormikContext } from 'formik'
import { checkProfileImage, PROFILE_IMAGE_TYPES } from '../api/upload-profile-image'
import { FieldError, useFieldError } from '../../../components/form/field'
import { Loading } from '../../../components/status'
import { initials } from '../../../lib/format'

const ImageCropper = lazy(() => import('./image-cropper'))
const ACCEPT = PROFILE_IMAGE_TYPES.map((t) => `.${t}`).join(',')

/**
 * useObjectUrl gives a blob: address for `blob` while it is shown, and frees it after.
 * @param {Blob | null} blob
 */
function useObjectUrl(blob) {
  const [url, setUrl] = useState(/** @type {string | null} */ (null))
  useEffect(() => {
    if (!blob) {
      setUrl(null)
      return
    }
    const u = URL.createObjectURL(blob)
    setUrl(u)
    return () => URL.revokeObjectURL(u)
  }, [blob])
  return url
}

/**
 * ProfileImageField edits the formik value `profileImage`: undefined keeps the
 * picture, a Blob is a new cropped picture (uploaded on save), null removes it.
 * A chosen file is checked (type, 5 MB), then cropped to a square before it
 * becomes the preview.
 * @param {{currentUrl?: string | null, userName?: string | null}} props
 */
export function ProfileImageField({ currentUrl, userName }) {
  /** @type {import('formik').FormikContextType<import('./profile-form').ProfileValues>} */
  const { values, setFieldValue } = useFormikContext()
  const picture = values.profileImage
  const preview = useObjectUrl(picture instanceof Blob ? picture : null)
  const [source, setSource] = useState(/** @type {string | null} */ (null))
  const [chooseError, setChooseError] = useState(/** @type {string | null} */ (null))
  const inputRef = useRef(/** @type {HTMLInputElement | null} */ (null))
  const error = useFieldError('profileImage')
  const shown = picture === null ? null : preview || (picture === undefined ? currentUrl : null)

  useEffect(
    () => () => {
      if (source) URL.revokeObjectURL(source)
    },
    [source],
  )

  /** @param {import('react').ChangeEvent<HTMLInputElement>} e */
  const onChoose = (e) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    const reason = checkProfileImage(file)
    setChooseError(reason)
    if (!reason) setSource(URL.createObjectURL(file))
  }

  return (
    <fieldset className="mb-3" aria-describedby={chooseError || error ? 'field-profileImage-error' : undefined}>
      <legend className="form-label fs-6 mb-2">Profile picture</legend>
      <div className="d-flex flex-wrap align-items-center gap-3">
        {shown ? (
          // eslint-disable-next-line jsx-a11y/img-redundant-alt -- the preview of the chosen picture is named so; tests find it by that name
          <img src={shown} alt="Profile picture preview" className="cc-avatar cc-avatar-lg" width={88} height={88} />
        ) : (
          <span className="cc-avatar cc-avatar-lg cc-avatar-initials" aria-hidden="true">
            {initials(userName)}
          </span>
        )}
        {!source && (
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => inputRef.current?.click()}>
              {shown ? 'Change Picture' : 'Upload Picture'}
            </button>
            {shown && (
              <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setFieldValue('profileImage', null)}>
                Remove Picture
              </button>
            )}
          </div>
        )}
        <input ref={inputRef} type="file" accept={ACCEPT} className="d-none" aria-label="Profile picture file" onChange={onChoose} />
      </div>
      <div className="form-text">JPG, PNG, GIF or WebP up to 5 MB, cropped to a square.</div>
      {chooseError ? (
        <div id="field-profileImage-error" className="invalid-feedback d-block" role="alert">
          {chooseError}
        </div>
      ) : (
        <FieldError name="profileImage" />
      )}
      {source && (
        <Suspense fallback={<Loading label="Loading the cropper…" />}>
          <ImageCropper
            src={source}
            onCancel={() => setSource(null)}
            onDone={(blob) => {
              setFieldValue('profileImage', blob)
              setSource(null)
            }}
          />
        </Suspense>
      )}
    </fieldset>
  )
}
