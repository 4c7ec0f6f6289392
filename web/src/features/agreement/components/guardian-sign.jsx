import { useEffect, useState } from 'react'
import { Formik, Form } from 'formik'
import * as yup from 'yup'
import { PublicCard } from '../../../components/public-card'
import { TextField } from '../../../components/form/text-field'
import { CheckboxField } from '../../../components/form/choice-fields'
import { SubmitButton } from '../../../components/form/submit-button'
import { Loading } from '../../../components/status'
import { PRODUCT_NAME } from '../../../config/app'
import { showServerError } from '../../../lib/form-errors'
import { signAsGuardian, useGuardianAgreement } from '../api/guardian'
import { AgreementText, Terms } from './agreement-panel'
import { MSG_CONSENT, MSG_NAME } from './sign-form'

const initialValues = { consent: false, fullName: '' }

const schema = yup.object({
  consent: yup.boolean().oneOf([true], MSG_CONSENT),
  fullName: yup.string().trim().required(MSG_NAME).max(200, 'The name must be at most 200 characters'),
})

/** MSG_LINK_GONE is shown when the link is used, expired or unknown. */
export const MSG_LINK_GONE = 'This signing link is invalid or has expired.'

/**
 * GuardianSign is the public /guardian/:token page (no log-in; the mailed link's token is the credential): a minor
 * creator's parent or guardian reads the agreement and signs it with their typed name. The link works once.
 * @param {{token: string}} props
 */
export function GuardianSign({ token }) {
  const { data, error, isLoading } = useGuardianAgreement(token)
  const [signed, setSigned] = useState(false)
  useEffect(() => {
    document.title = `Sign as a guardian · ${PRODUCT_NAME}`
  }, [])
  /**
   * @param {typeof initialValues} values
   * @param {import('formik').FormikHelpers<typeof initialValues>} helpers
   */
  const onSubmit = async (values, helpers) => {
    try {
      await signAsGuardian(token, { fullName: values.fullName.trim(), consent: true })
      setSigned(true)
    } catch (err) {
      showServerError(err, helpers, 'Could not sign the agreement. Please try again.')
    }
  }
  return (
    <PublicCard as="main" className="cc-public-card">
      <h1 className="h4 fw-bold">Sign as a parent or guardian</h1>
      {isLoading && <Loading label="Loading the agreement…" />}
      {error && !data && (
        <div className="alert alert-warning mb-0" role="alert">
          {error.message || MSG_LINK_GONE}
        </div>
      )}
      {data && signed && (
        <div className="alert alert-success mb-0" role="status">
          Thank you: you signed {data.creatorName}'s agreement with {data.brandName}. Both sides can download the signed PDF from the offer once every
          signature is there.
        </div>
      )}
      {data && !signed && (
        <>
          <p className="text-secondary">
            {data.creatorName} is under 18 and agreed to an offer from {data.brandName}. The agreement is signed only once you sign it too. Read it
            below.
          </p>
          <Terms terms={data.terms} />
          <AgreementText version={{ number: data.versionNumber, text: data.text }} />
          <Formik initialValues={initialValues} validationSchema={schema} onSubmit={onSubmit}>
            {({ isSubmitting }) => (
              <Form noValidate aria-label="Sign as guardian" className="mt-3">
                <CheckboxField name="consent">
                  I am {data.creatorName}'s parent or legal guardian and agree to this agreement for them. I sign electronically: my typed name is my
                  signature and binds me as a signature on paper would. {PRODUCT_NAME} keeps a copy, which {data.creatorName} can download as a PDF.
                </CheckboxField>
                <TextField name="fullName" label="Your full name, as your signature" autoComplete="name" maxLength={200} />
                <SubmitButton busy={isSubmitting} label="Sign as guardian" busyLabel="Signing…" className="" />
              </Form>
            )}
          </Formik>
        </>
      )}
    </PublicCard>
  )
}
