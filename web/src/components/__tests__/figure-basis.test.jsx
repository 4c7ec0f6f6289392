import { describe, it, expect } from 'vitest'
import { render, screen } from '@testing-library/react'
import { BasisLabel, FigureValue } from '../figure-basis'
import { formatCount, formatPercent } from '../../lib/format'

describe('FigureValue', () => {
  it('shows a measured figure with its Measured badge', () => {
    render(<FigureValue figure={{ value: 12000, basis: 'measured' }} format={formatCount} />)
    expect(screen.getByText('12,000')).toBeInTheDocument()
    expect(screen.getByText('Measured')).toHaveAttribute('title', 'Read from an account the creator connected')
  })

  it('shows a derived figure with its formula: in the badge for screen readers, or written out with explain', () => {
    const figure = { value: 8.333, basis: 'derived', formula: '(likes + comments + shares) / views × 100' }
    const { unmount } = render(<FigureValue figure={figure} format={formatPercent} />)
    expect(screen.getByText('8.3%')).toBeInTheDocument()
    const badge = screen.getByText('Derived')
    expect(badge).toHaveAttribute('title', 'Derived: (likes + comments + shares) / views × 100')
    expect(badge).toHaveTextContent('Derived as (likes + comments + shares) / views × 100')
    unmount()
    render(<FigureValue figure={figure} format={formatPercent} explain />)
    expect(screen.getByText('= (likes + comments + shares) / views × 100')).toBeVisible()
    expect(screen.getByText('Derived')).toHaveTextContent(/^Derived$/)
  })

  it('shows n/a with the reason for an unavailable figure, never 0', () => {
    const { container } = render(<FigureValue figure={{ value: null, basis: 'unavailable', reason: 'No platform of these posts reports reach' }} format={formatCount} explain />)
    expect(container).toHaveTextContent(/^n\/a/)
    expect(container).not.toHaveTextContent('0')
    expect(screen.getByTitle('No platform of these posts reports reach')).toHaveTextContent('n/a: No platform of these posts reports reach')
    expect(screen.getByText(': No platform of these posts reports reach')).toHaveClass('visually-hidden')
    expect(screen.queryByText('Measured')).toBeNull()
  })

  it('treats a missing figure or a null value as n/a', () => {
    const { container } = render(
      <>
        <FigureValue figure={null} format={formatCount} />
        <FigureValue figure={{ value: null, basis: 'measured' }} format={formatCount} />
      </>,
    )
    expect(container).toHaveTextContent('n/a: Not reportedn/a: Not reported')
  })
})

describe('BasisLabel', () => {
  it('names the imported and estimated bases, and nothing for an unknown one', () => {
    const { container } = render(
      <>
        <BasisLabel basis="imported" />
        <BasisLabel basis="estimated" />
        <BasisLabel basis="guessed" />
      </>,
    )
    expect(container).toHaveTextContent('ImportedEstimated')
  })
})
