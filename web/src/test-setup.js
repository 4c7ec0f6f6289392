import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

window.scrollTo = () => {}
// Lazy chunks and user-event typing are slower on a busy CI machine.
configure({ asyncUtilTimeout: 4000 })

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})
