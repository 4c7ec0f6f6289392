import { describe, it, expect, beforeEach, afterEach } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { CampaignForm } from '../campaign-form'
import { CampaignEditor } from '../campaign-editor'
import { campaignSchema } from '../campaign-schema'
import { EMPTY_CAMPAIGN } from '../campaign-values'
import { mockApi, renderRoute, installFakeXHR, expectUpload, expectTexts } from '../../../../test-utils'
import { resetToasts } from '../../../../lib/toast'

const FUTURE = `${new Date().getFullYear() + 2}`

function setValue(label, value) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
}

/** fillValid fills every required field with a valid value. */
async function fillValid() {
  await userEvent.type(screen.getByLabelText(/^Campaign Name/), 'Summer Glow')
  await userEvent.click(screen.getByRole('checkbox', { name: 'Brand Awareness' }))
  await userEvent.type(screen.getByLabelText(/^Budget/), '2500')
  setValue(/^Start Date/, `${FUTURE}-06-01`)
  setValue(/^End Date/, `${FUTURE}-06-30`)
  await userEvent.selectOptions(screen.getByLabelText(/^Age From/), '18')
  await userEvent.selectOptions(screen.getByLabelText(/^Age To/), '34')
  await userEvent.selectOptions(screen.getByLabelText(/^Gender/), 'Female')
  await userEvent.click(screen.getByRole('checkbox', { name: 'Authentic' }))
  await userEvent.click(screen.getByRole('radio', { name: 'Exclusive partnership' }))
  await userEvent.click(screen.getByRole('radio', { name: '30-Day Usage' }))
}

const STORED = {
  _id: 'c1',
  campaignName: 'Spring Drop',
  goals: ['Drive Sales', 'Other'],
  customGoal: 'Grow the newsletter',
  budget: 4000,
  duration: { startDate: '2020-03-01', endDate: `${FUTURE}-04-01` },
  location: 'Berlin',
  demographics: { ageRange: { start: 21, end: 40 }, gender: 'All' },
  contentVibes: ['Funny'],
  terms: { exclusivity: 'no_exclusivity', contentUsage: 'unlimited' },
  status: 'active',
  brandGuidelines: [{ key: 'k1.pdf', type: 'application/pdf', name: 'guide.pdf', url: '/api/files/k1.pdf?sig=x' }],
  referenceContent: [],
  additionalInstructions: 'Be yourself',
  trackingTag: 'acmespringdrop',
}

describe('CampaignForm', () => {
  beforeEach(() => resetToasts())

  it('shows every required message', async () => {
    mockApi({})
    renderRoute(<CampaignForm />, { path: '/create-campaign' })
    await userEvent.click(screen.getByRole('button', { name: 'Publish Campaign' }))
    for (const msg of [
      'Campaign name is required',
      'Please select at least one goal',
      'Budget is required',
      'Start date is required',
      'End date is required',
      'Age from is required',
      'Age to is required',
      'Please select a gender',
      'Please select at least one content vibe',
      'Please select exclusivity option',
      'Please select content usage rights',
    ]) {
      expect(await screen.findByText(msg)).toBeInTheDocument()
    }
  })

  it('a failed submit scrolls to and focuses the first invalid field', async () => {
    mockApi({})
    renderRoute(<CampaignForm />, { path: '/create-campaign' })
    await userEvent.type(screen.getByLabelText(/^Campaign Name/), 'Summer Glow')
    await userEvent.click(screen.getByRole('button', { name: 'Publish Campaign' }))
    // The name is valid: the goals (a chip group) come first.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Brand Awareness' })).toHaveFocus())
    await userEvent.click(screen.getByRole('checkbox', { name: 'Brand Awareness' }))
    await userEvent.click(screen.getByRole('button', { name: 'Publish Campaign' }))
    await waitFor(() => expect(screen.getByLabelText(/^Budget/)).toHaveFocus())
  })

  it('shows the range and order messages verbatim', async () => {
    mockApi({})
    renderRoute(<CampaignForm />, { path: '/create-campaign' })
    await userEvent.type(screen.getByLabelText(/^Campaign Name/), 'ab')
    await userEvent.type(screen.getByLabelText(/^Budget/), '100')
    setValue(/^Start Date/, '2020-01-10')
    setValue(/^End Date/, '2020-01-01')
    await userEvent.selectOptions(screen.getByLabelText(/^Age From/), '40')
    await userEvent.selectOptions(screen.getByLabelText(/^Age To/), '20')
    await userEvent.click(screen.getByRole('button', { name: 'Save as Draft' }))
    expect(await screen.findByText('Campaign name must be at least 3 characters')).toBeInTheDocument()
    expectTexts(['Minimum budget is $500', 'Start date cannot be in the past', 'End date must be after start date', 'Age from must be less than age to', 'Age to must be greater than age from'])

    // One paste instead of 49 keystrokes: each keystroke re-validates the whole form, slow on a busy machine.
    await userEvent.click(screen.getByLabelText(/^Campaign Name/))
    await userEvent.paste('x'.repeat(49))
    await userEvent.clear(screen.getByLabelText(/^Budget/))
    await userEvent.type(screen.getByLabelText(/^Budget/), '50001')
    expect(await screen.findByText('Campaign name must be less than 50 characters')).toBeInTheDocument()
    expect(screen.getByText('Maximum budget is $50,000')).toBeInTheDocument()
  })

  it("'Other' reveals the custom goal input, which is then required", async () => {
    mockApi({})
    renderRoute(<CampaignForm />, { path: '/create-campaign' })
    expect(screen.queryByLabelText(/^Custom Goal/)).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Other' }))
    expect(screen.getByLabelText(/^Custom Goal/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Publish Campaign' }))
    expect(await screen.findByText('Please enter a custom goal')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Other' }))
    expect(screen.queryByLabelText(/^Custom Goal/)).not.toBeInTheDocument()
  })

  it('counts the additional instructions and rejects more than 500 characters', async () => {
    mockApi({})
    renderRoute(<CampaignForm />, { path: '/create-campaign' })
    expect(screen.getByText('0/500')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Additional Instructions'), 'Hello')
    expect(screen.getByText('5/500')).toBeInTheDocument()
    setValue('Additional Instructions', 'a'.repeat(501))
    expect(screen.getByText('501/500')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Save as Draft' }))
    expect(await screen.findByText('Additional instructions must be less than 500 characters')).toBeInTheDocument()
  })

  it('schema: age bounds and status use the product messages', async () => {
    const schema = campaignSchema({ today: '2026-01-01' })
    const base = {
      ...EMPTY_CAMPAIGN,
      campaignName: 'Valid',
      goals: ['Drive Sales'],
      budget: 1000,
      duration: { startDate: '2026-02-01', endDate: '2026-03-01' },
      demographics: { ageRange: { start: 10, end: 70 }, gender: 'All' },
      contentVibes: ['Funny'],
      terms: { exclusivity: 'exclusive', contentUsage: 'unlimited' },
      status: 'paused',
    }
    const err = await schema.validate(base, { abortEarly: false }).catch((e) => e)
    expect(err.errors).toEqual(expect.arrayContaining(['Minimum age is 13', 'Maximum age is 65', 'Invalid status']))
    await expect(schema.validate({ ...base, status: 'active', demographics: { ageRange: { start: 13, end: 65 }, gender: 'All' } })).resolves.toBeTruthy()
    // A running campaign keeps its past start date.
    const kept = campaignSchema({ today: '2026-01-01', keptStart: '2025-12-01' })
    await expect(kept.validateAt('duration.startDate', { duration: { startDate: '2025-12-01' } })).resolves.toBe('2025-12-01')
  })

  it('publishes a valid campaign with its deliverables and goes on to Find creators', async () => {
    const fetch = mockApi({
      'POST campaigns/add-campaign': (body) => [201, { data: { campaign: { _id: 'new', ...body }, message: 'Campaign created successfully' } }],
    })
    renderRoute(<CampaignForm />, { path: '/create-campaign' })
    await fillValid()
    await userEvent.type(screen.getByLabelText('Location'), ' Lisbon ')
    await userEvent.click(screen.getByRole('button', { name: 'Add deliverable' }))
    await userEvent.selectOptions(screen.getByLabelText(/^Platform/), 'tiktok')
    setValue(/^Posts/, '3')
    setValue(/^Due by/, `${FUTURE}-06-20`)
    setValue(/^Brief for creators/, ' Show it at sunrise. ')
    await userEvent.click(screen.getByRole('button', { name: 'Publish Campaign' }))
    expect(await screen.findByText('Campaign created successfully')).toBeInTheDocument()
    expect(await screen.findByTestId('location')).toHaveTextContent('/update-campaign/new')
    const call = fetch.mock.calls.find(([u]) => u === '/api/campaigns/add-campaign')
    expect(JSON.parse(call[1].body)).toEqual({
      campaignName: 'Summer Glow',
      goals: ['Brand Awareness'],
      customGoal: '',
      budget: 2500,
      duration: { startDate: `${FUTURE}-06-01`, endDate: `${FUTURE}-06-30` },
      location: 'Lisbon',
      demographics: { ageRange: { start: 18, end: 34 }, gender: 'Female' },
      contentVibes: ['Authentic'],
      terms: { exclusivity: 'exclusive', contentUsage: '30_days' },
      status: 'active',
      brandGuidelines: [],
      referenceContent: [],
      additionalInstructions: '',
      trackingTag: '',
      deliverables: [{ platform: 'tiktok', posts: 3, dueDate: `${FUTURE}-06-20` }],
      creatorCriteria: { niches: [], minFollowers: 0 },
      brief: 'Show it at sunrise.',
    })
  }, 60000)

  it('refuses a deliverable due outside the campaign', async () => {
    const schema = campaignSchema({ today: '2026-01-01' })
    const values = { duration: { startDate: '2026-02-01', endDate: '2026-02-28' }, deliverables: [{ platform: 'instagram', posts: 1, dueDate: '2026-03-05' }] }
    await expect(schema.validateAt('deliverables[0].dueDate', values)).rejects.toThrow("Due date must be within the campaign's dates")
    await expect(schema.validateAt('deliverables[0].posts', { ...values, deliverables: [{ posts: 21 }] })).rejects.toThrow('Number of posts must be a whole number from 1 to 20')
  })

  it('checks the tracking tag as the server does and sends it without # in lower case', async () => {
    const fetch = mockApi({ 'POST campaigns/add-campaign': () => [201, { data: { campaign: { _id: 'c9' }, message: 'Campaign created successfully' } }] })
    renderRoute(<CampaignForm />, { path: '/create-campaign' })
    await fillValid()
    const tag = screen.getByLabelText(/^Tracking Tag/)
    setValue(/^Tracking Tag/, 'Summer Glow!')
    fireEvent.blur(tag)
    expect(await screen.findByText('Tracking tag may hold only letters and digits (no spaces or symbols)')).toBeInTheDocument()
    setValue(/^Tracking Tag/, '#ab')
    expect(await screen.findByText('Tracking tag must be 3 to 40 characters')).toBeInTheDocument()
    setValue(/^Tracking Tag/, '#SummerGlow26')
    await userEvent.click(screen.getByRole('button', { name: 'Save as Draft' }))
    expect(await screen.findByText('Campaign created successfully')).toBeInTheDocument()
    const call = fetch.mock.calls.find(([u]) => u === '/api/campaigns/add-campaign')
    expect(JSON.parse(call[1].body)).toMatchObject({ trackingTag: 'summerglow26', status: 'draft' })
  }, 60000)

  it('puts server field errors keyed by JSON path on their fields and toasts the message', async () => {
    mockApi({
      'POST campaigns/add-campaign': () => [
        422,
        {
          message: 'Please check the highlighted fields',
          error_code: 'invalid',
          fields: {
            'duration.startDate': 'Start date cannot be in the past',
            'demographics.ageRange.start': 'Minimum age is 13',
            'terms.exclusivity': 'Please select exclusivity option',
            customGoal: 'Please enter a custom goal',
          },
        },
      ],
    })
    renderRoute(<CampaignForm />, { path: '/create-campaign' })
    await fillValid()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Other' }))
    await userEvent.type(screen.getByLabelText(/^Custom Goal/), 'Newsletter')
    await userEvent.click(screen.getByRole('button', { name: 'Save as Draft' }))
    expect(await screen.findByText('Please check the highlighted fields')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Start Date/)).toHaveAccessibleDescription('Start date cannot be in the past')
    expect(screen.getByLabelText(/^Age From/)).toHaveAccessibleDescription('Minimum age is 13')
    expect(screen.getByLabelText(/^Custom Goal/)).toHaveAccessibleDescription('Please enter a custom goal')
    expect(screen.getByRole('group', { name: /Exclusivity/ })).toHaveAccessibleDescription('Please select exclusivity option')
  })
})

describe('CampaignEditor', () => {
  beforeEach(() => resetToasts())

  it('loads a campaign, keeps its past start date and PATCHes the changes', async () => {
    const fetch = mockApi({
      'GET campaigns/c1': () => [200, { data: { campaign: STORED } }],
      'PATCH campaigns/update-campaign/c1': (body) => [200, { data: { campaign: { ...STORED, ...body }, message: 'Campaign updated successfully' } }],
    })
    renderRoute(<CampaignEditor campaignId="c1" />, { path: '/update-campaign/c1' })
    expect(await screen.findByLabelText(/^Campaign Name/)).toHaveValue('Spring Drop')
    expect(screen.getByLabelText(/^Custom Goal/)).toHaveValue('Grow the newsletter')
    expect(screen.getByRole('radio', { name: 'Unlimited Usage' })).toBeChecked()
    expect(screen.getByRole('link', { name: 'guide.pdf' })).toBeInTheDocument()
    await userEvent.clear(screen.getByLabelText(/^Campaign Name/))
    await userEvent.type(screen.getByLabelText(/^Campaign Name/), 'Spring Drop 2')
    await userEvent.click(screen.getByRole('button', { name: 'Remove guide.pdf' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Campaign updated successfully')).toBeInTheDocument()
    const call = fetch.mock.calls.find(([u]) => u === '/api/campaigns/update-campaign/c1')
    const body = JSON.parse(call[1].body)
    expect(call[1].method).toBe('PATCH')
    expect(body).toMatchObject({ campaignName: 'Spring Drop 2', status: 'active', brandGuidelines: [], duration: STORED.duration })
    expect(body.trackingTag).toBe('acmespringdrop')
  })

  it('shows the tracking tag with # and lets it change only while the campaign is a draft', async () => {
    mockApi({ 'GET campaigns/c1': () => [200, { data: { campaign: STORED } }] })
    const { unmount } = renderRoute(<CampaignEditor campaignId="c1" />, { path: '/update-campaign/c1' })
    const tag = await screen.findByLabelText(/^Tracking Tag/)
    expect(tag).toHaveValue('acmespringdrop')
    expect(tag).toBeDisabled()
    expect(screen.getByText('#')).toBeInTheDocument()
    expect(screen.getByText('The tracking tag can only change while the campaign is a draft.')).toBeInTheDocument()
    unmount()
    mockApi({ 'GET campaigns/c1': () => [200, { data: { campaign: { ...STORED, status: 'draft' } } }] })
    renderRoute(<CampaignEditor campaignId="c1" />, { path: '/update-campaign/c1' })
    expect(await screen.findByLabelText(/^Tracking Tag/)).toBeEnabled()
  })

  it('shows every stored goal, also one outside the options, and lets it be removed', async () => {
    let body
    mockApi({
      'GET campaigns/c1': () => [200, { data: { campaign: { ...STORED, goals: ['Brand awareness', 'Engagement'], customGoal: '' } } }],
      'PATCH campaigns/update-campaign/c1': (b) => ((body = b), [200, { data: { campaign: { ...STORED, ...b }, message: 'Campaign updated successfully' } }]),
    })
    renderRoute(<CampaignEditor campaignId="c1" />, { path: '/update-campaign/c1' })
    expect(await screen.findByRole('checkbox', { name: 'Brand Awareness' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Engagement' })).toBeChecked()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Engagement' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Campaign updated successfully')).toBeInTheDocument()
    expect(body.goals).toEqual(['Brand Awareness'])
  })

  it('marks an active campaign as completed', async () => {
    const fetch = mockApi({
      'GET campaigns/c1': () => [200, { data: { campaign: STORED } }],
      'PATCH campaigns/update-campaign/c1': (body) => [200, { data: { campaign: { ...STORED, ...body }, message: 'Campaign updated successfully' } }],
    })
    renderRoute(<CampaignEditor campaignId="c1" />, { path: '/update-campaign/c1' })
    await userEvent.type(await screen.findByLabelText(/^Campaign Name/), '{Enter}')
    expect(fetch.mock.calls.some(([u]) => u.includes('update-campaign'))).toBe(false)
    await userEvent.click(screen.getByRole('button', { name: 'Mark as Completed' }))
    expect(await screen.findByText('Campaign updated successfully')).toBeInTheDocument()
    const call = fetch.mock.calls.find(([u]) => u === '/api/campaigns/update-campaign/c1')
    expect(JSON.parse(call[1].body).status).toBe('completed')
  })

  it('toasts the 409 for a campaign completed meanwhile', async () => {
    mockApi({
      'GET campaigns/c1': () => [200, { data: { campaign: { ...STORED, status: 'draft' } } }],
      'PATCH campaigns/update-campaign/c1': () => [409, { message: 'A completed campaign cannot be edited', error_code: 'conflict' }],
    })
    renderRoute(<CampaignEditor campaignId="c1" />, { path: '/update-campaign/c1' })
    const publish = await screen.findByRole('button', { name: 'Publish Campaign' })
    expect(screen.queryByRole('button', { name: 'Mark as Completed' })).not.toBeInTheDocument()
    await userEvent.click(publish)
    expect(await screen.findByText('A completed campaign cannot be edited')).toBeInTheDocument()
  })

  it('shows a completed campaign read-only with a note', async () => {
    mockApi({ 'GET campaigns/c1': () => [200, { data: { campaign: { ...STORED, status: 'completed' } } }] })
    renderRoute(<CampaignEditor campaignId="c1" />, { path: '/update-campaign/c1' })
    expect(await screen.findByText('This campaign is completed and can no longer be edited.')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Campaign Name/)).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Save as Draft' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to campaigns' })).toHaveAttribute('href', '/campaigns')
  })

  it('says when the campaign does not exist', async () => {
    mockApi({ 'GET campaigns/nope': () => [404, { message: 'Campaign not found', error_code: 'not_found' }] })
    renderRoute(<CampaignEditor campaignId="nope" />, { path: '/update-campaign/nope' })
    expect(await screen.findByRole('heading', { name: 'Campaign not found' })).toBeInTheDocument()
  })
})

describe('attachments', () => {
  let sent
  let fakeXHR
  beforeEach(() => {
    resetToasts()
    fakeXHR = installFakeXHR()
    sent = fakeXHR.sent
  })
  afterEach(() => {
    fakeXHR.restore()
  })

  it('uploads with a progress bar, the bearer token and the tunnel header, then lists and removes the file', async () => {
    localStorage.setItem('access_token', 'tok')
    mockApi({})
    renderRoute(<CampaignForm />, { path: '/create-campaign' })
    const file = new File(['%PDF-1.4'], 'brief.pdf', { type: 'application/pdf' })
    await userEvent.upload(screen.getByLabelText('Brand Guidelines'), file)
    const xhr = sent[0]
    expectUpload(xhr, '/api/files/upload', 'brief.pdf')
    act(() => xhr.upload.onprogress({ lengthComputable: true, loaded: 40, total: 100 }))
    const bar = await screen.findByRole('progressbar', { name: 'Uploading brief.pdf' })
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'))
    expect(screen.getByRole('button', { name: 'Save as Draft' })).toBeDisabled()
    await act(async () => xhr.respond(201, { data: { key: 'abc.pdf', type: 'application/pdf', name: 'brief.pdf', size: 8, url: '/api/files/abc.pdf' } }))
    expect(await screen.findByRole('link', { name: 'brief.pdf' })).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Remove brief.pdf' }))
    expect(screen.queryByRole('link', { name: 'brief.pdf' })).not.toBeInTheDocument()
  })

  it('checks type and size in the browser first', async () => {
    mockApi({})
    renderRoute(<CampaignForm />, { path: '/create-campaign' })
    const input = screen.getByLabelText('Reference Content')
    await userEvent.upload(input, new File(['x'], 'tool.exe'), { applyAccept: false })
    expect(await screen.findByText('Please select an image, video, PDF, Office, CSV or TXT file.')).toBeInTheDocument()
    const big = new File(['x'], 'clip.mp4')
    Object.defineProperty(big, 'size', { value: 26 * 1024 * 1024 })
    await userEvent.upload(input, big)
    expect(await screen.findByText('File size must be less than 25MB.')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
  })

  it('toasts the server message when an upload fails', async () => {
    mockApi({})
    renderRoute(<CampaignForm />, { path: '/create-campaign' })
    await userEvent.upload(screen.getByLabelText('Brand Guidelines'), new File(['x'], 'a.png'))
    await act(async () => sent[0].respond(413, { message: 'File size must be less than 25MB.', error_code: 'invalid' }))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('File size must be less than 25MB.')).toBeInTheDocument()
  })
})
