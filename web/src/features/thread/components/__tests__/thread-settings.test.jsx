import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { mockApi, renderRoute } from '../../../../test-utils'
import { resetAuthStore, setTokens, setUser } from '../../../../lib/auth-store'
import { DigestSwitch, DraftApprovalSettings } from '../thread-settings'

const CAMPAIGN = '22222222-2222-4222-8222-222222222222'

function signIn(role) {
  setTokens({ accessToken: 'a', refreshToken: 'r' })
  setUser({ userId: 'u', email: 'x@example.com', userName: 'X', role })
}

describe('thread settings', () => {
  afterEach(() => resetAuthStore())

  it('turns the digest mails off', async () => {
    signIn('USER')
    const puts = []
    let on = true
    mockApi({
      'GET threads/settings': () => [200, { data: { digestMail: on } }],
      'PUT threads/settings': (body) => {
        puts.push(body)
        on = body.digestMail
        return [200, { data: { digestMail: on } }]
      },
    })
    renderRoute(<DigestSwitch />)
    const sw = await screen.findByRole('switch', { name: /Mail me when a message waits unread/ })
    expect(sw).toBeChecked()
    await userEvent.setup().click(sw)
    await waitFor(() => expect(puts).toEqual([{ digestMail: false }]))
    await waitFor(() => expect(sw).not.toBeChecked())
  })

  it('lets an editor set the auto-approval delay, refusing a bad one', async () => {
    signIn('BRAND_MANAGER')
    const puts = []
    mockApi({
      [`GET campaigns/${CAMPAIGN}/draft-approval`]: () => [200, { data: { required: true, autoApproveHours: 0, defaultHours: 48 } }],
      [`PUT campaigns/${CAMPAIGN}/draft-approval`]: (body) => {
        puts.push(body)
        return [200, { data: { ...body, defaultHours: 48 } }]
      },
    })
    const user = userEvent.setup()
    renderRoute(<DraftApprovalSettings campaignId={CAMPAIGN} />)
    const hours = await screen.findByLabelText('Approve automatically after (hours)')
    expect(hours).toHaveAttribute('placeholder', '48 (default)')
    await user.type(hours, '900')
    await user.click(screen.getByRole('button', { name: 'Save draft approval' }))
    expect(await screen.findByText(/from 1 to 720/)).toBeInTheDocument()
    expect(puts).toEqual([])
    await user.clear(hours)
    await user.type(hours, '24')
    await user.click(screen.getByRole('button', { name: 'Save draft approval' }))
    await waitFor(() => expect(puts).toEqual([{ required: true, autoApproveHours: 24 }]))
  })

  it('shows a BRAND_VIEWER the setting without a way to change it', async () => {
    signIn('BRAND_VIEWER')
    mockApi({ [`GET campaigns/${CAMPAIGN}/draft-approval`]: () => [200, { data: { required: false, autoApproveHours: 0, defaultHours: 48 } }] })
    renderRoute(<DraftApprovalSettings campaignId={CAMPAIGN} />)
    expect(await screen.findByText(/approved by the system as soon as they are submitted/)).toBeInTheDocument()
    expect(screen.getByRole('switch')).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Save draft approval' })).toBeNull()
  })
})
