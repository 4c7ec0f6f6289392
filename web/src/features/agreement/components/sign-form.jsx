import { useRef, useState } from 'react'
import { Formik, Form } from 'formik'
import * as yup from 'yup'
import { TextField } from '../../../components/form/text-field'
import { CheckboxField } from '../../../components/form/choice-fields'
import { OtpField } from '../../../components/form/otp-field'
import { SubmitButton } from '../../../components/form/submit-button'
import { FocusFirstError } from '../../../components/form/focus-first-error'
import { PRODUCT_NAME, RESEND_COUNTDOWN_SECONDS } from '../../../config/app'
import { ApiError } from '../../../lib/request'
import { errorMessage } from '../../../lib/error-message'
import { toast } from '../../../lib/toast'
import { useCountdown } from '../../../lib/use-countdown'
import { sendSignCode, useSignAgreement } from '../api/sign-agreement'
import { MSG_CHANGED, waitingLine } from './agreement-labels'

/** The form's messages. */
export const MSG_CONSENT = 'Tick the box to agree to sign electronically'
export const MSG_NAME = 'Type your full name'
export const MSG_CODE = 'Enter the 6-digit code from the e-mail'
export const MSG_GUARDIAN_NAME = "Enter your parent's or guardian's full name"
export const MSG_GUARDIAN_EMAIL = "Enter your parent's or guardian's e-mail address"

const initialValues = { consent: false, fullName: '', code: '', minor: false, guardianName: '', guardianEmail: '' }

const schema = yup.object({
  consent: yup.boolean().oneOf([true], MSG_CONSENT),
  fullName: yup.string().trim().required(MSG_NAME).max(200, 'The name must be at most 200 characters'),
  code: yup.string().required(MSG_CODE).matches(/^\d{6}$/, MSG_CODE),
  minor: yup.boolean(),
  guardianName: yup.string().when('minor', { is: true, then: (s) => s.trim().required(MSG_GUARDIAN_NAME).max(200, 'The name must be at most 200 characters') }),
  guardianEmail: yup.string().when('minor', { is: true, then: (s) => s.trim().required(MSG_GUARDIAN_EMAIL).email('Enter a valid e-mail address') }),
})

/** FIELD maps the API's field names onto the form's. */
/** @type {Record<string, string>} */
const FIELD = { fullName: 'fullName', name: 'fullName', code: 'code', otp: 'code', consent: 'consent', 'guardian.name': 'guardianName', 'guardian.email': 'guardianEmail', guardianName: 'guardianName', guardianEmail: 'guardianEmail', guardian: 'guardianName' }

/**
 * serverErrors turns an ApiError into the form's field errors: its `fields` renamed, or a 422 without fields (a
 * wrong or expired code) shown on the code.
 * @param {unknown} err
 */
export function serverErrors(err) {
  if (!(err instanceof ApiError)) return {}
  const out = /** @type {Record<string, string>} */ ({})
  for (const [k, v] of Object.entries(err.fields ?? {})) if (typeof v === 'string') out[FIELD[k] ?? k] = v
  if (err.status === 422 && Object.keys(out).length === 0 && err.message) out.code = err.message
  return out
}

/** ConsentLine says what signing electronically means, that a copy is kept and can be downloaded. */
export function ConsentLine() {
  return (
    <>
      I agree to sign this agreement electronically. My typed name, with the code mailed to me, is my signature and binds me as a signature on paper
      would. {PRODUCT_NAME} keeps a copy of the signed agreement, and I can download it as a PDF from this offer.
    </>
  )
}

/**
 * SignForm signs the current version of an offer's agreement: the consent line, the typed full name, "Email me a
 * code" then the 6-digit code; a creator may declare being under 18, which asks for a guardian's name and e-mail
 * (the guardian is mailed a link and signs too). Field errors from the API show on the fields; a 409 because the
 * offer changed reloads the agreement (`onChanged`) so the signer reviews the new terms first.
 * @param {{offerId: string, version: {id: string, number: number}, side: 'brand' | 'creator', confirmOverBudget?: boolean, onChanged: () => unknown, onSigned?: (agreement: any) => unknown}} props
 */
export function SignForm({ offerId, version, side, confirmOverBudget = false, onChanged, onSigned }) {
  const formRef = useRef(/** @type {HTMLFormElement | null} */ (null))
  const sign = useSignAgreement()
  const [sentTo, setSentTo] = useState(/** @type {string | null} */ (null))
  const [sending, setSending] = useState(false)
  const [remaining, restart] = useCountdown(RESEND_COUNTDOWN_SECONDS)

  const mailCode = async () => {
    setSending(true)
    try {
      const res = await sendSignCode(offerId)
      setSentTo(res.sentTo)
      restart()
      toast.success(`Code sent to ${res.sentTo}`)
    } catch (err) {
      toast.error(errorMessage(err, 'Could not send the code. Please try again.'))
    } finally {
      setSending(false)
    }
  }

  /**
   * @param {typeof initialValues} values
   * @param {import('formik').FormikHelpers<typeof initialValues>} helpers
   */
  const onSubmit = async (values, helpers) => {
    /** @type {import('../../../lib/api-types').Body<'/api/offers/{id}/agreement/sign', 'post'>} */
    const body = { versionId: version.id, fullName: values.fullName.trim(), code: values.code, consent: true }
    if (confirmOverBudget) body.confirmOverBudget = true
    if (side === 'creator' && values.minor) {
      body.minor = true
      body.guardian = { name: values.guardianName.trim(), email: values.guardianEmail.trim() }
    }
    try {
      const agreement = await sign(offerId, body)
      const waiting = waitingLine(agreement.missing)
      toast.success(waiting ? `Signed. ${waiting}.` : 'Signed by everyone: the offer is accepted.')
      onSigned?.(agreement)
    } catch (err) {
      // A 409 but the budget's (which names confirmOverBudget) means the terms moved on: reload and review them.
      if (err instanceof ApiError && err.status === 409 && !err.fields?.confirmOverBudget) {
        toast.error(err.message || MSG_CHANGED)
        helpers.setFieldValue('code', '')
        onChanged()
        return
      }
      const errors = serverErrors(err)
      if (Object.keys(errors).length) {
        helpers.setErrors(errors)
        helpers.setTouched(Object.fromEntries(Object.keys(errors).map((k) => [k, true])), false)
      }
      toast.error(errorMessage(err, 'Could not sign the agreement. Please try again.'))
    }
  }

  return (
    <Formik
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={onSubmit}
    >
      {({ isSubmitting, values }) => (
        <Form ref={formRef} noValidate aria-label={`Sign version ${version.number}`} className="cc-sign-form">
          <FocusFirstError formRef={formRef} />
          <CheckboxField name="consent">
            <ConsentLine />
          </CheckboxField>
          <TextField name="fullName" label="Your full name, as your signature" autoComplete="name" maxLength={200} />
          {side === 'creator' && (
            <>
              <CheckboxField name="minor">I am under 18: my parent or guardian signs too.</CheckboxField>
              {values.minor && (
                <fieldset className="border rounded-3 p-3 mb-3">
                  <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-0">Your parent or guardian</legend>
                  <p className="small text-secondary">We e-mail them a link to read and sign the agreement (it works once, for 7 days). The offer is accepted only once they sign.</p>
                  <TextField name="guardianName" label="Their full name" autoComplete="off" maxLength={200} />
                  <TextField name="guardianEmail" label="Their e-mail" type="email" autoComplete="off" className="mb-0" />
                </fieldset>
              )}
            </>
          )}
          <div className="mb-3">
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={mailCode} disabled={sending || (sentTo !== null && remaining > 0)}>
              {sending ? 'Sending…' : sentTo ? (remaining > 0 ? `Send a new code in ${remaining} s` : 'Send a new code') : 'Email me a code'}
            </button>
            <p className="small text-secondary mb-0 mt-1" role="status">
              {sentTo ? `We sent a 6-digit code to ${sentTo}. It works for 10 minutes.` : 'We e-mail you a 6-digit code to confirm it is you.'}
            </p>
          </div>
          <OtpField name="code" label="Signing code" legend="The 6-digit code" />
          <SubmitButton busy={isSubmitting} label={`Sign version ${version.number}`} busyLabel="Signing…" className="" />
        </Form>
      )}
    </Formik>
  )
}
