import { useState } from 'react'
import { Formik, Form } from 'formik'
import { useProfile } from '../api/get-profile'
import { useUpdateProfile } from '../api/update-profile'
import { uploadProfileImage } from '../api/upload-profile-image'
import { profileSchema } from './profile-schema'
import { ProfileImageField } from './profile-image-field'
import { ROLES } from '../../../config/roles'
import { toast } from '../../../lib/toast'
import { showServerError } from '../../../lib/form-errors'
import { ApiError } from '../../../lib/request'
import { TextField } from '../../../components/form/text-field'
import { NicheSelect } from '../../../components/form/niche-select'
import { SubmitButton } from '../../../components/form/submit-button'
import { ListState } from '../../../components/list-state'
import { CardSection } from '../../../components/card-section'

/** @type {Record<string, string>} */
const ROLE_LABELS = {
  USER: 'Creator',
  ADMIN: 'Administrator',
  BRAND_ADMIN: 'Brand admin',
  BRAND_MANAGER: 'Brand manager',
  BRAND_VIEWER: 'Brand viewer',
}

/** @typedef {NonNullable<import('../api/get-profile').Profile>} Profile */
/**
 * ProfileValues are the form's values; profileImage: undefined keeps the picture, a Blob is a new one, null removes it.
 * @typedef {{name: string, niche: string, profileImage?: Blob | null}} ProfileValues
 */

/**
 * @param {Profile} user
 * @returns {ProfileValues}
 */
const valuesOf = (user) => ({ name: user.name || '', niche: user.niche?._id || '', profileImage: undefined })

/**
 * bodyOf builds the PUT /api/users/profile body: the name, the niche of a
 * creator, and the picture when it changed (`key` of the new upload, or ""
 * to remove it).
 * @param {ProfileValues} values
 * @param {boolean} isCreator
 * @param {string | null} key
 */
function bodyOf(values, isCreator, key) {
  /** @type {import('../../../lib/api-types').Body<'/api/users/profile', 'put'>} */
  const body = { name: values.name.trim() }
  if (isCreator) body.niche = values.niche
  if (key) body.profileImage = key
  else if (values.profileImage === null) body.profileImage = ''
  return body
}

/**
 * ProfileForm edits the signed-in user's name, picture and (creators) niche;
 * e-mail and account type are shown read-only. Saving updates the header at once.
 */
export function ProfileForm() {
  const { data: user, error, isLoading, mutate } = useProfile()
  const save = useUpdateProfile()
  const [progress, setProgress] = useState(/** @type {number | null} */ (null))
  const isCreator = user?.role === ROLES.USER

  /**
   * @param {ProfileValues} values
   * @param {import('formik').FormikHelpers<ProfileValues>} helpers
   */
  const onSubmit = async (values, helpers) => {
    try {
      let key = null
      if (values.profileImage instanceof Blob) {
        setProgress(0)
        key = (await uploadProfileImage(values.profileImage, { onProgress: setProgress })).key
      }
      const saved = await save(bodyOf(values, isCreator, key))
      const shown = saved || user
      if (shown) helpers.resetForm({ values: valuesOf(shown) })
      toast.success('Profile updated successfully')
    } catch (err) {
      // The upload's refusal is about the picture.
      const fileError = err instanceof ApiError && typeof err.fields?.file === 'string' ? err.fields.file : null
      showServerError(err, helpers, 'Failed to update profile. Please try again.')
      if (fileError) helpers.setFieldError('profileImage', fileError)
    } finally {
      setProgress(null)
    }
  }

  return (
    <CardSection titleId="cc-profile-title" title="Profile" bodyClassName="card-body p-4">
      <ListState swr={{ data: user, error, isLoading, mutate }} loadingLabel="Loading profile">
        {(/** @type {Profile} */ user) => (
          <Formik key={user._id} initialValues={valuesOf(user)} validationSchema={profileSchema(isCreator)} onSubmit={onSubmit}>
            {({ isSubmitting }) => (
              <Form noValidate className="cc-settings-form">
                <ProfileImageField currentUrl={user.profileImage} userName={user.name} />
                <TextField name="name" label="Full Name" autoComplete="name" />
                {isCreator && <NicheSelect />}
                <dl className="row mb-3 small">
                  <dt className="col-sm-4 text-secondary fw-normal">Email</dt>
                  <dd className="col-sm-8 text-break">{user.email}</dd>
                  <dt className="col-sm-4 text-secondary fw-normal">Account type</dt>
                  <dd className="col-sm-8">{ROLE_LABELS[user.role] || user.role}</dd>
                  {user.brand?.name && (
                    <>
                      <dt className="col-sm-4 text-secondary fw-normal">Brand</dt>
                      <dd className="col-sm-8 mb-0">{user.brand.name}</dd>
                    </>
                  )}
                </dl>
                {progress !== null && (
                  <div className="progress mb-3" role="progressbar" aria-label="Uploading picture" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
                    <div className="progress-bar" style={{ width: `${progress}%` }} />
                  </div>
                )}
                <SubmitButton busy={isSubmitting} label="Save Changes" busyLabel="Saving..." className="px-4" />
              </Form>
            )}
          </Formik>
        )}
      </ListState>
    </CardSection>
  )
}
