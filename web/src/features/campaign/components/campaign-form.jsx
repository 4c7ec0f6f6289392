import { useMemo, useRef, useState } from 'react'
import { Form, Formik } from 'formik'
import { Link, useNavigate } from 'react-router-dom'
import { useAddCampaign } from '../api/add-campaign'
import { useUpdateCampaign } from '../api/update-campaign'
import { toast } from '../../../lib/toast'
import { showServerError } from '../../../lib/form-errors'
import { AGES, CONTENT_USAGE, CONTENT_VIBES, EXCLUSIVITY, GENDERS, GOAL_OTHER, GOALS, INSTRUCTIONS_MAX } from './campaign-options'
import { campaignSchema, todayIso } from './campaign-schema'
import { EMPTY_CAMPAIGN, nestedHelpers, toFormValues, toPayload } from './campaign-values'
import { AttachmentField } from './attachment-field'
import { OfferTermsFields } from './offer-terms-fields'
import { TextField } from '../../../components/form/text-field'
import { SelectField } from '../../../components/form/select-field'
import { TextAreaField } from '../../../components/form/textarea-field'
import { ChipGroup, RadioGroup } from '../../../components/form/choice-fields'
import { FocusFirstError } from '../../../components/form/focus-first-error'
import './campaign.css'
import { CardSection } from '../../../components/card-section'

const SAVE_FALLBACK = 'Could not save the campaign. Please try again.'

function tomorrowIso() {
  const d = new Date()
  d.setDate(d.getDate() + 1)
  return todayIso(d)
}

// Enter in a text input would "click" the first save button and pick a status by accident.
/** @param {import('react').KeyboardEvent<HTMLFormElement>} e */
function blockEnterSubmit(e) {
  const t = /** @type {HTMLInputElement} */ (e.target)
  if (e.key === 'Enter' && t.tagName === 'INPUT' && t.type !== 'checkbox' && t.type !== 'radio') e.preventDefault()
}

/** @param {{title: string, children: import('react').ReactNode}} props */
function Section({ title, children }) {
  return (
    <CardSection title={title} headingClassName="card-title" className="mb-4">
      {children}
    </CardSection>
  )
}

/**
 * CampaignForm creates a campaign, or edits `campaign` when given. Two buttons
 * save it as a draft or active; a completed campaign is shown read-only.
 * @param {{campaign?: import('../../../lib/api-types').Data<'/api/campaigns/{id}', 'get'>['campaign']}} props
 */
export function CampaignForm({ campaign }) {
  const navigate = useNavigate()
  const addCampaign = useAddCampaign()
  const updateCampaign = useUpdateCampaign()
  const intent = useRef('draft')
  const [pendingUploads, setPendingUploads] = useState(0)
  const editing = Boolean(campaign)
  const readOnly = campaign?.status === 'completed'
  // The tag is fixed once a campaign leaves draft (the server refuses a change).
  const tagLocked = editing && campaign?.status !== 'draft'
  const initialValues = useMemo(() => (campaign ? toFormValues(campaign) : EMPTY_CAMPAIGN), [campaign])
  const schema = useMemo(() => campaignSchema({ keptStart: initialValues.duration.startDate || null }), [initialValues])
  const onBusy = (/** @type {number} */ delta) => setPendingUploads((n) => n + delta)
  const formRef = useRef(null)
  // Every stored goal is a chip, also one outside the fixed options, so it can be seen and removed.
  const goalOptions = useMemo(() => {
    const extra = initialValues.goals.filter((g) => !GOALS.includes(g))
    return [...GOALS.filter((g) => g !== GOAL_OTHER), ...extra, GOAL_OTHER]
  }, [initialValues])

  /**
   * @param {import('./campaign-values').CampaignValues} values
   * @param {import('formik').FormikHelpers<import('./campaign-values').CampaignValues>} helpers
   */
  const onSubmit = async (values, helpers) => {
    const body = toPayload(values, intent.current)
    try {
      const data = campaign ? await updateCampaign(campaign._id, body) : await addCampaign(body)
      toast.success(data.message || (editing ? 'Campaign updated successfully' : 'Campaign created successfully'))
      // A campaign just published goes on to its next step: finding creators.
      const published = intent.current === 'active' && campaign?.status !== 'active'
      navigate(published && data.campaign?._id ? `/update-campaign/${data.campaign._id}?next=find-creators` : '/campaigns')
    } catch (err) {
      showServerError(err, nestedHelpers(helpers), SAVE_FALLBACK)
    }
  }

  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={onSubmit}>
      {({ values, isSubmitting }) => (
        <Form ref={formRef} noValidate className="cc-campaign-form" aria-label={editing ? 'Update campaign' : 'Create campaign'} onKeyDown={blockEnterSubmit}>
          <FocusFirstError formRef={formRef} />
          {readOnly && (
            <div className="alert alert-info" role="note">
              This campaign is completed and can no longer be edited.
            </div>
          )}
          <fieldset disabled={readOnly || isSubmitting} className="border-0 p-0 m-0">
            <Section title="Campaign details">
              <TextField name="campaignName" label="Campaign Name" placeholder="e.g. Summer Glow Launch" />
              <TextField
                name="trackingTag"
                label="Tracking Tag"
                required={false}
                prefix="#"
                maxLength={41}
                autoComplete="off"
                placeholder={editing ? '' : 'Made from your brand and campaign names'}
                disabled={tagLocked}
                hint={
                  tagLocked
                    ? 'The tracking tag can only change while the campaign is a draft.'
                    : 'Creators tag their posts with it; we capture the tagged posts of accepted offers. Letters and digits only.'
                }
              />
              <ChipGroup name="goals" legend="Campaign Goals" options={goalOptions} />
              {values.goals.includes(GOAL_OTHER) && (
                <TextField name="customGoal" label="Custom Goal" placeholder="Describe your goal" />
              )}
              <div className="row g-0 gx-md-3">
                <div className="col-md-6">
                  <TextField name="budget" label="Budget" type="number" inputMode="decimal" min={500} max={50000} step="1" prefix="$" placeholder="500 – 50,000" />
                </div>
                <div className="col-md-6">
                  <TextField name="location" label="Location" required={false} placeholder="e.g. United States" />
                </div>
                <div className="col-6">
                  <TextField name="duration.startDate" label="Start Date" type="date" min={tomorrowIso()} className="pe-2 pe-md-0" />
                </div>
                <div className="col-6">
                  <TextField name="duration.endDate" label="End Date" type="date" min={values.duration.startDate || tomorrowIso()} className="ps-2 ps-md-0" />
                </div>
              </div>
            </Section>
            <Section title="Audience Demographics">
              <div className="d-flex flex-wrap column-gap-3">
                <SelectField narrow name="demographics.ageRange.start" label="Age From" options={AGES} />
                <SelectField narrow name="demographics.ageRange.end" label="Age To" options={AGES} />
                <SelectField narrow name="demographics.gender" label="Gender" options={GENDERS} />
              </div>
            </Section>
            <Section title="Deliverables & brief">
              <OfferTermsFields />
            </Section>
            <Section title="Content & terms">
              <ChipGroup name="contentVibes" legend="Content Vibes" options={CONTENT_VIBES} />
              <RadioGroup cards name="terms.exclusivity" legend="Exclusivity" options={EXCLUSIVITY} />
              <RadioGroup cards name="terms.contentUsage" legend="Content Usage Rights" options={CONTENT_USAGE} />
            </Section>
            <Section title="Assets & instructions">
              <AttachmentField name="brandGuidelines" label="Brand Guidelines" hint="Logos, tone of voice, do's and don'ts. Up to 25MB each." disabled={readOnly} onBusy={onBusy} />
              <AttachmentField name="referenceContent" label="Reference Content" hint="Examples of posts or videos you like. Up to 25MB each." disabled={readOnly} onBusy={onBusy} />
              <TextAreaField
                name="additionalInstructions"
                label="Additional Instructions"
                limit={INSTRUCTIONS_MAX}
                placeholder="Anything creators should know: talking points, do's and don'ts, hashtags…"
              />
            </Section>
          </fieldset>
          <div className="cc-form-actions d-flex flex-wrap gap-2 justify-content-end">
            <Link to="/campaigns" className={`btn btn-light me-auto${readOnly ? '' : ' d-none d-sm-inline-block'}`}>
              {readOnly ? 'Back to campaigns' : 'Cancel'}
            </Link>
            {!readOnly && (
              <>
                {campaign?.status === 'active' && (
                  <button type="submit" className="btn btn-outline-success flex-fill flex-sm-grow-0 text-nowrap" disabled={isSubmitting || pendingUploads > 0} onClick={() => (intent.current = 'completed')}>
                    Mark as Completed
                  </button>
                )}
                <button type="submit" className="btn btn-outline-primary flex-fill flex-sm-grow-0 text-nowrap" disabled={isSubmitting || pendingUploads > 0} onClick={() => (intent.current = 'draft')}>
                  {isSubmitting && intent.current === 'draft' && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                  Save as Draft
                </button>
                <button type="submit" className="btn btn-primary flex-fill flex-sm-grow-0 text-nowrap" disabled={isSubmitting || pendingUploads > 0} onClick={() => (intent.current = 'active')}>
                  {isSubmitting && intent.current === 'active' && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                  {campaign?.status === 'active' ? 'Save Changes' : 'Publish Campaign'}
                </button>
              </>
            )}
          </div>
        </Form>
      )}
    </Formik>
  )
}
