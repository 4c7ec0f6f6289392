import { describe, it, expect } from 'vitest'
import { render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { mockApi } from '../../../test-utils'
import UpdateCampaignRoute from '../update-campaign'

describe('UpdateCampaignRoute', () => {
  it('shows one "not found" view and no roster generator for a missing campaign', async () => {
    mockApi({
      'GET campaigns/gone': () => [404, { message: 'Campaign not found' }],
      'GET campaigns/gone/roster': () => [404, { message: 'Campaign not found' }],
      'GET niche': () => [200, { data: { niche: [] } }],
    })
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={['/update-campaign/gone']}>
          <Routes>
            <Route path="/update-campaign/:id" element={<UpdateCampaignRoute />} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>,
    )
    expect(await screen.findByText('Campaign not found')).toBeInTheDocument()
    expect(screen.getAllByText(/not found/i)).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Generate roster' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Roster' })).toBeNull()
  })
})
