import { describe, it, expect } from 'vitest'
import { useState } from 'react'
import { render, screen, fireEvent } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { OtpInput } from '../otp-input'

function Harness() {
  const [value, setValue] = useState('')
  return (
    <>
      <OtpInput value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  )
}

const boxes = () => screen.getAllByRole('textbox')

describe('OtpInput', () => {
  it('renders six single-digit boxes', () => {
    render(<Harness />)
    expect(boxes()).toHaveLength(6)
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument()
  })

  it('moves forward while typing and ignores non-digits', async () => {
    render(<Harness />)
    await userEvent.click(boxes()[0])
    await userEvent.keyboard('1a2')
    expect(screen.getByTestId('value')).toHaveTextContent('12')
    expect(boxes()[2]).toHaveFocus()
  })

  it('paste fills all boxes', () => {
    render(<Harness />)
    fireEvent.paste(boxes()[3], { clipboardData: { getData: () => ' 123-456 ' } })
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '3', '4', '5', '6'])
    expect(screen.getByTestId('value')).toHaveTextContent('123456')
    expect(boxes()[5]).toHaveFocus()
  })

  it('backspace on an empty box moves back and clears the previous digit', async () => {
    render(<Harness />)
    await userEvent.click(boxes()[0])
    await userEvent.keyboard('123')
    expect(boxes()[3]).toHaveFocus()
    await userEvent.keyboard('{Backspace}')
    expect(boxes()[2]).toHaveFocus()
    expect(screen.getByTestId('value')).toHaveTextContent(/^12$/)
    await userEvent.keyboard('{Backspace}')
    expect(boxes()[1]).toHaveFocus()
    expect(screen.getByTestId('value')).toHaveTextContent(/^1$/)
  })

  it('backspace on a filled box clears it and stays', async () => {
    render(<Harness />)
    fireEvent.paste(boxes()[0], { clipboardData: { getData: () => '123456' } })
    await userEvent.click(boxes()[2])
    await userEvent.keyboard('{Backspace}')
    expect(boxes()[2]).toHaveValue('')
    expect(boxes()[2]).toHaveFocus()
    expect(boxes()[3]).toHaveValue('4')
  })

  it('typing into a filled box replaces its digit', async () => {
    render(<Harness />)
    fireEvent.paste(boxes()[0], { clipboardData: { getData: () => '123456' } })
    fireEvent.change(boxes()[1], { target: { value: '29' } })
    expect(screen.getByTestId('value')).toHaveTextContent('193456')
  })
})
