import { useEffect, useRef, useState } from 'react'
import { Formik, Form } from 'formik'
import * as yup from 'yup'
import { PublicCard } from '../../../components/public-card'
import { TextField } from '../../../components/form/text-field'
import { SubmitButton } from '../../../components/form/submit-button'
import { PRODUCT_NAME } from '../../../config/app'
import { showServerError } from '../../../lib/form-errors'
import { formatDateTime } from '../../../lib/format'
import { verifyAgreement } from '../api/verify-agreement'

/** The page's messages. */
export const MSG_NEED_INPUT = 'Choose the agreement PDF or enter its SHA-256.'
export const MSG_BAD_HASH = 'Enter a SHA-256: 64 hexadecimal characters.'

const schema = yup.object({
  sha256: yup
    .string()
    .trim()
    .matches(/^[0-9a-fA-F]{64}$/, { message: MSG_BAD_HASH, excludeEmptyString: true })
    .test('one', MSG_NEED_INPUT, (v, ctx) => Boolean(v) || Boolean(ctx.parent.file)),
})

/** @typedef {import('../../../lib/api-schema').components['schemas']['VerifyResult']} VerifyResult */

/** @type {Record<VerifyResult['result'], string>} */
const TITLES = { signed: 'Signed and unchanged', altered: 'Altered', unknown: 'Unknown' }
/** @type {Record<VerifyResult['result'], string>} */
const TONES = { signed: 'success', altered: 'danger', unknown: 'secondary' }

/**
 * Outcome shows what the check found: the signed version, when and by whom (names only), or why not.
 * @param {{result: VerifyResult}} props
 */
function Outcome({ result }) {
  const ref = useRef(/** @type {HTMLElement | null} */ (null))
  useEffect(() => ref.current?.focus(), [result])
  return (
    <section ref={ref} tabIndex={-1} className={`border border-${TONES[result.result]} rounded-3 p-3 mt-4`} aria-labelledby="verify-outcome">
      <h2 id="verify-outcome" className={`h5 fw-bold text-${TONES[result.result] === 'secondary' ? 'body' : TONES[result.result]}-emphasis`}>
        {TITLES[result.result]}
      </h2>
      <p className="mb-2">{result.message}</p>
      {result.result === 'signed' && (
        <dl className="row small mb-0">
          <dt className="col-sm-4">Agreement version</dt>
          <dd className="col-sm-8">
            {result.version} (template {result.templateVersion})
          </dd>
          <dt className="col-sm-4">Signed</dt>
          <dd className="col-sm-8">{formatDateTime(result.signedAt)}</dd>
          <dt className="col-sm-4">Signed by</dt>
          <dd className="col-sm-8">
            <ul className="list-unstyled mb-0">
              {result.signers.map((s) => (
                <li key={`${s.role}-${s.name}`}>
                  {s.name} ({s.role}), {formatDateTime(s.at)}
                </li>
              ))}
            </ul>
          </dd>
        </dl>
      )}
      <p className="small text-secondary mb-0 mt-2 text-break">SHA-256 checked: {result.sha256}</p>
    </section>
  )
}

/**
 * VerifyAgreement is the public /verify page (no log-in): anyone holding an agreement PDF, or its SHA-256, checks
 * whether it is an agreement signed with the product, unchanged.
 */
export function VerifyAgreement() {
  const [result, setResult] = useState(/** @type {VerifyResult | null} */ (null))
  useEffect(() => {
    document.title = `Check an agreement · ${PRODUCT_NAME}`
  }, [])
  /**
   * @param {{file: File | null, sha256: string}} values
   * @param {import('formik').FormikHelpers<any>} helpers
   */
  const onSubmit = async (values, helpers) => {
    setResult(null)
    try {
      setResult(await verifyAgreement(values))
    } catch (err) {
      showServerError(err, helpers, 'Could not check the agreement. Please try again.')
    }
  }
  return (
    <PublicCard as="main" className="cc-public-card">
      <h1 className="h4 fw-bold">Check a signed agreement</h1>
      <p className="text-secondary">
        Upload the agreement's PDF, or enter its SHA-256, to see whether it was signed with {PRODUCT_NAME}, which version, when and by whom. The
        file is only hashed, not kept.
      </p>
      <Formik initialValues={{ file: null, sha256: '' }} validationSchema={schema} onSubmit={onSubmit}>
        {({ isSubmitting, setFieldValue, errors }) => (
          <Form noValidate>
            <div className="mb-3">
              <label htmlFor="verify-file" className="form-label fw-semibold">
                Agreement PDF
              </label>
              <input
                id="verify-file"
                type="file"
                accept="application/pdf,.pdf"
                className={`form-control${errors.file ? ' is-invalid' : ''}`}
                aria-invalid={Boolean(errors.file)}
                aria-describedby={errors.file ? 'verify-file-error' : undefined}
                onChange={(e) => setFieldValue('file', e.currentTarget.files?.[0] ?? null)}
              />
              {typeof errors.file === 'string' && (
                <div id="verify-file-error" className="invalid-feedback">
                  {errors.file}
                </div>
              )}
            </div>
            <TextField name="sha256" label="Or its SHA-256" required={false} autoComplete="off" spellCheck={false} />
            <SubmitButton busy={isSubmitting} label="Check" busyLabel="Checking…" className="mt-2" />
          </Form>
        )}
      </Formik>
      {result && <Outcome result={result} />}
    </PublicCard>
  )
}
