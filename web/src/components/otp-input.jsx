import { useRef } from 'react'

/**
 * OtpInput renders `length` single-digit boxes bound to one string value.
 * Typing moves forward, pasting fills every box, backspace on an empty box moves back.
 * @param {{value?: string, onChange: (value: string) => unknown, onBlur?: () => unknown, length?: number, invalid?: boolean, label?: string, disabled?: boolean}} props
 */
export function OtpInput({ value = '', onChange, onBlur, length = 6, invalid = false, label = 'Verification code', disabled }) {
  const refs = useRef(/** @type {Array<HTMLInputElement | null>} */ ([]))
  // Gaps are kept as spaces so a cleared middle box does not shift later digits.
  const digits = Array.from({ length }, (_, i) => (value[i] && value[i] !== ' ' ? value[i] : ''))

  const focus = (/** @type {number} */ i) => refs.current[Math.max(0, Math.min(length - 1, i))]?.focus()

  const setDigits = (/** @type {string[]} */ next) => onChange(next.map((d) => d || ' ').join('').trimEnd().slice(0, length))

  const handleChange = (/** @type {number} */ i, /** @type {import('react').ChangeEvent<HTMLInputElement>} */ e) => {
    let typed = e.target.value.replace(/\D/g, '')
    // Typing into a filled box replaces its digit rather than spilling over.
    if (typed.length === 2 && digits[i]) typed = typed.startsWith(digits[i]) ? typed[1] : typed[0]
    if (!typed) {
      const next = [...digits]
      next[i] = ''
      setDigits(next)
      return
    }
    if (typed.length > 1) {
      fill(i, typed)
      return
    }
    const next = [...digits]
    next[i] = typed
    setDigits(next)
    if (i < length - 1) focus(i + 1)
  }

  const fill = (/** @type {number} */ start, /** @type {string} */ text) => {
    const next = [...digits]
    let pos = start
    for (const ch of text) {
      if (pos >= length) break
      next[pos++] = ch
    }
    setDigits(next)
    focus(Math.min(pos, length - 1))
  }

  const handlePaste = (/** @type {number} */ i, /** @type {import('react').ClipboardEvent<HTMLInputElement>} */ e) => {
    const text = (e.clipboardData?.getData('text') || '').replace(/\D/g, '')
    e.preventDefault()
    if (!text) return
    // A full code fills every box from the first one.
    fill(text.length >= length ? 0 : i, text.slice(0, length))
  }

  const handleKeyDown = (/** @type {number} */ i, /** @type {import('react').KeyboardEvent<HTMLInputElement>} */ e) => {
    if (e.key === 'Backspace' && !digits[i] && i > 0) {
      e.preventDefault()
      const next = [...digits]
      next[i - 1] = ''
      setDigits(next)
      focus(i - 1)
    } else if (e.key === 'ArrowLeft') {
      focus(i - 1)
    } else if (e.key === 'ArrowRight') {
      focus(i + 1)
    }
  }

  return (
    <div className="d-flex gap-2 justify-content-between cc-otp" role="group" aria-label={label}>
      {digits.map((d, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el
          }}
          className={`form-control text-center cc-otp-box${invalid ? ' is-invalid' : ''}`}
          type="text"
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={length}
          aria-label={`Digit ${i + 1}`}
          value={d}
          disabled={disabled}
          onChange={(e) => handleChange(i, e)}
          onPaste={(e) => handlePaste(i, e)}
          onKeyDown={(e) => handleKeyDown(i, e)}
          onFocus={(e) => e.target.select()}
          onBlur={onBlur}
        />
      ))}
    </div>
  )
}

