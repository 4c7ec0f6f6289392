import { describe, it, expect } from 'vitest'
import { render, screen } from '@testing-library/react'
import { Terms } from '../agreement-panel'

describe('agreement lines', () => {
  it("shows the creator each line of the agreement and the total", () => {
    const terms = { brandName: 'Acme', brandSigner: 'Bea', creatorName: 'Ann Fit', platform: 'instagram', posts: 1, trackingTag: 'acme',
      startDate: '2026-12-01', endDate: '2026-12-31', amountCents: 40000, currency: 'usd', exclusivity: 'no_exclusivity', contentUsage: 'organic_only',
      paymentTerms: 'paid by the brand directly', clauses: '', addOns: [{ usage: '30_days', amountCents: 5000 }, { usage: 'unlimited', amountCents: 12000 }] }
    render(<Terms terms={terms} />)
    const row = (label) => screen.getByText(label).parentElement
    expect(row('Fee')).toHaveTextContent('$400')
    expect(row('Paid usage for 30 days (add-on)')).toHaveTextContent('$50')
    expect(row('Unlimited paid usage (add-on)')).toHaveTextContent('$120')
    expect(row('Total')).toHaveTextContent('$570')
  })

  it('shows only the fee without add-ons', () => {
    render(<Terms terms={{ brandName: 'Acme', creatorName: 'Ann', platform: 'instagram', posts: 1, startDate: '2026-12-01', endDate: '2026-12-31',
      amountCents: 40000, currency: 'usd', exclusivity: 'no_exclusivity', contentUsage: 'organic_only', paymentTerms: 'direct', clauses: '' }} />)
    expect(screen.getByText('Fee').parentElement).toHaveTextContent('$400')
    expect(screen.queryByText('Total')).toBeNull()
  })
})
