import { useEffect, useRef, useSyncExternalStore } from 'react'
import { useLocation } from 'react-router-dom'
import { TOAST_DURATION_MS } from '../config/app'

// Minimal toasts (top-right, 5000 ms) without a library: keeps the login bundle small.

/** @typedef {'success' | 'error' | 'info'} ToastType */
/**
 * A toast on screen; `carry` keeps an error across the one navigation it causes.
 * @typedef {{id: number, type: ToastType, message: string, at: number, carry: boolean}} Toast
 */
/**
 * ToastOptions: how long the toast stays (ms), and whether an error survives the next navigation.
 * @typedef {{duration?: number, carry?: boolean}} ToastOptions
 */

const FLASH_KEY = 'flash_toast'
/** @type {Toast[]} */
let toasts = []
let nextId = 1
/** @type {Set<() => void>} */
const listeners = new Set()

function emit() {
  listeners.forEach((l) => l())
}

/**
 * @param {ToastType} type
 * @param {string | null | undefined} message nothing is shown without one
 * @param {ToastOptions} [options]
 */
function push(type, message, { duration = TOAST_DURATION_MS, carry = false } = {}) {
  if (!message) return null
  // The same text already on screen is not repeated (StrictMode, repeated 401s).
  const dup = toasts.find((t) => t.message === message && t.type === type)
  if (dup) return dup.id
  const id = nextId++
  toasts = [...toasts, { id, type, message, at: Date.now(), carry }]
  emit()
  setTimeout(() => dismiss(id), duration)
  return id
}

/** @param {number} id */
export function dismiss(id) {
  toasts = toasts.filter((t) => t.id !== id)
  emit()
}

// ERROR_CARRY_MS: an error shown this shortly before the page changes is
// about the change (a session that ended, a refused page) and stays.
const ERROR_CARRY_MS = 1000

/**
 * dismissStaleErrors drops the error toasts older than ERROR_CARRY_MS: they were about the page left behind. An error
 * raised with `carry` (the reason of a redirect) survives the one navigation it causes, however long that takes.
 */
export function dismissStaleErrors(now = Date.now()) {
  const kept = toasts.filter((t) => t.type !== 'error' || t.carry || now - t.at < ERROR_CARRY_MS)
  if (kept.length === toasts.length && !kept.some((t) => t.carry)) return
  toasts = kept.map((t) => (t.carry ? { ...t, carry: false } : t))
  emit()
}

/** @typedef {(msg: string | null | undefined, opts?: ToastOptions) => number | null} Show */

export const toast = {
  /** @type {Show} */
  success: (msg, opts) => push('success', msg, opts),
  /** @type {Show} */
  error: (msg, opts) => push('error', msg, opts),
  /** @type {Show} */
  info: (msg, opts) => push('info', msg, opts),
  /**
   * flash shows the toast after the next full page load.
   * @param {ToastType} type
   * @param {string} message
   */
  flash(type, message) {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify({ type, message }))
  },
}

export function showFlash() {
  const raw = sessionStorage.getItem(FLASH_KEY)
  if (!raw) return
  sessionStorage.removeItem(FLASH_KEY)
  try {
    const { type, message } = JSON.parse(raw)
    push(type, message)
  } catch {
    /* ignore a malformed flash */
  }
}

/** @param {() => void} l */
function subscribe(l) {
  listeners.add(l)
  return () => listeners.delete(l)
}
const getToasts = () => toasts

/** @type {Record<ToastType, {cls: string, icon: string}>} */
const STYLES = {
  success: { cls: 'text-bg-success', icon: '✓' },
  error: { cls: 'text-bg-danger', icon: '!' },
  info: { cls: 'text-bg-dark', icon: 'i' },
}

/** useDropErrorsOnNavigation clears the red toasts of the previous page when the path changes. */
function useDropErrorsOnNavigation() {
  const { pathname } = useLocation()
  const last = useRef(pathname)
  useEffect(() => {
    if (last.current === pathname) return
    last.current = pathname
    dismissStaleErrors()
  }, [pathname])
}

export function Toaster() {
  const list = useSyncExternalStore(subscribe, getToasts, getToasts)
  useDropErrorsOnNavigation()
  return (
    <div className="toast-container position-fixed top-0 end-0 p-3 cc-toaster" aria-live="polite">
      {list.map((t) => (
        <div
          key={t.id}
          className={`toast show align-items-center border-0 ${STYLES[t.type].cls}`}
          role={t.type === 'error' ? 'alert' : 'status'}
        >
          <div className="d-flex">
            <div className="toast-body">
              <span className="cc-toast-icon" aria-hidden="true">{STYLES[t.type].icon}</span>
              {t.message}
            </div>
            <button
              type="button"
              className="btn-close btn-close-white me-2 m-auto"
              aria-label="Close"
              onClick={() => dismiss(t.id)}
            />
          </div>
        </div>
      ))}
    </div>
  )
}

/** resetToasts clears all toasts; for tests. */
export function resetToasts() {
  toasts = []
  emit()
}
