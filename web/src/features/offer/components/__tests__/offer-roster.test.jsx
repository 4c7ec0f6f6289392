import { describe, it, expect } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderRoute, mockApi } from '../../../../test-utils'
import { OfferRoster } from '../offer-roster'
import { commonMoves } from '../offer-status'

const entry = (id, name, status, next, amount = null) => ({
  _id: id, rank: 1, score: 80.5, reasons: ['Fitness & Health niche', '62% female audience'], platform: 'instagram', estimatedFee: 1200,
  creator: { _id: `c${id}`, name, tier: 'Mid', followers: 120000 },
  offer: { amount, status, note: '', next, history: [] },
})

const roster = (entries, offered = 0, accepted = 0) => ({
  data: { roster: { campaignId: 'k1', campaignName: 'Spring', budget: 5000, estimatedTotal: 2400, offeredTotal: offered, acceptedTotal: accepted, entries } },
})

describe('OfferRoster', () => {
  it('shows no controls for a terminal offer', async () => {
    mockApi({ 'GET admins/get-roster/k1': () => [200, roster([entry('e1', 'Ann', 'declined', []), entry('e2', 'Bo', 'withdrawn', [''])])] })
    renderRoute(<OfferRoster campaignId="k1" />)
    for (const name of ['Ann', 'Bo']) {
      const row = (await screen.findByText(name)).closest('tr')
      expect(within(row).queryByRole('combobox')).toBeNull()
      expect(within(row).queryByRole('checkbox')).toBeNull()
      expect(within(row).queryByRole('button')).toBeNull()
      expect(within(row).getByText('No further moves')).toBeInTheDocument()
    }
  })

  it('offers only the allowed moves and applies a bulk change in one call', async () => {
    const sent = []
    let answer = roster([entry('e1', 'Ann', 'draft', ['sent']), entry('e2', 'Bo', 'draft', ['sent'])])
    mockApi({
      'GET admins/get-roster/k1': () => [200, answer],
      'PATCH admins/campaign/update-offer': (body) => {
        sent.push(body)
        answer = roster([entry('e1', 'Ann', 'sent', ['accepted', 'declined', 'countered', 'expired', 'withdrawn'], 1200),
          entry('e2', 'Bo', 'sent', ['accepted', 'declined', 'countered', 'expired', 'withdrawn'], 1200)], 2400)
        return [200, { data: { entries: [], message: 'Offers updated' } }]
      },
    })
    renderRoute(<OfferRoster campaignId="k1" />)
    const row = (await screen.findByText('Ann')).closest('tr')
    const options = within(within(row).getByRole('combobox', { name: 'New status for Ann' })).getAllByRole('option').map((o) => o.textContent)
    expect(options).toEqual(['Move to…', 'Sent'])
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Ann' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Bo' }))
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'New status for the selected offers' }), 'sent')
    await userEvent.click(within(screen.getByRole('group', { name: 'Bulk update' })).getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText('2 offers updated')).toBeInTheDocument()
    expect(sent).toEqual([{ campaignId: 'k1', entries: [{ entryId: 'e1', status: 'sent' }, { entryId: 'e2', status: 'sent' }] }])
    expect(await screen.findByTestId('offered-total')).toHaveTextContent('$2,400')
    // Accepting is signing the agreement: never a move of the ADMIN's.
    const sentRow = screen.getByText('Ann').closest('tr')
    const after = within(within(sentRow).getByRole('combobox', { name: 'New status for Ann' })).getAllByRole('option').map((o) => o.textContent)
    expect(after).toEqual(['Move to…', 'Declined', 'Countered', 'Expired', 'Withdrawn'])
  })

  it('shows the server refusal and keeps the roster', async () => {
    mockApi({
      'GET admins/get-roster/k1': () => [200, roster([entry('e1', 'Ann', 'countered', ['sent', 'declined'], 900)], 900)],
      'PATCH admins/campaign/update-offer': () => [422, { message: 'Enter the new amount to send', fields: { 'entries.0.amount': 'Enter the new amount to send' } }],
    })
    renderRoute(<OfferRoster campaignId="k1" />)
    await screen.findByText('Ann')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'New status for Ann' }), 'sent')
    expect(screen.getByRole('spinbutton', { name: 'Amount for Ann' })).toBeRequired()
  })
})

describe('commonMoves', () => {
  it('intersects the allowed moves of the selection', () => {
    expect(commonMoves([{ offer: { next: ['sent'] } }, { offer: { next: ['accepted', 'declined'] } }])).toEqual([])
    expect(commonMoves([{ offer: { next: ['sent', 'declined'] } }, { offer: { next: ['accepted', 'declined'] } }])).toEqual(['declined'])
  })
})
