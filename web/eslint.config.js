// ESLint flat config: the recommended JS rules, React hooks, jsx-a11y, and the layer boundaries of src/
// (STYLE.md: features do not import each other; app composes them). Run with `npm run lint`.
import js from '@eslint/js'
import globals from 'globals'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import boundaries from 'eslint-plugin-boundaries'

// The layers of src/. A feature is one folder under src/features; its name is captured so that a feature may
// import itself but no other feature. The entry files at src/ (main.jsx, test-utils.jsx) belong to no layer.
const ELEMENTS = [
  { type: 'app', pattern: 'src/app' },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'components', pattern: 'src/components' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'config', pattern: 'src/config' },
]

const SHARED = ['lib', 'components', 'config']

export default [
  { ignores: ['dist/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  {
    files: ['**/*.{js,jsx,mjs}'],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.{js,jsx}'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: { react: { version: 'detect' } },
    rules: {
      // Only what marks JSX names as used; React's own style rules are not wanted here.
      'react/jsx-uses-vars': 'error',
      'react/jsx-uses-react': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable named region takes focus so keyboard users can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    files: ['src/**/*.{js,jsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/include': ['src/**/*'],
      'import/resolver': { node: { extensions: ['.js', '.jsx'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'app' } }, allow: { to: { element: { types: ['app', 'feature', ...SHARED] } } } },
            { from: { element: { type: 'feature' } }, allow: { to: { element: { types: SHARED } } } },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
            },
            // config/routes.js holds the lazy route table, so it names the route modules of app/.
            { from: { element: { type: 'config' } }, allow: { to: { element: { types: ['config', 'app', 'lib'] } } } },
            { from: { element: { type: 'components' } }, allow: { to: { element: { types: ['components', 'lib', 'config'] } } } },
            { from: { element: { type: 'lib' } }, allow: { to: { element: { types: ['lib', 'config'] } } } },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/__tests__/**', 'src/test-utils.jsx', 'src/test-setup.js', 'vite.config.js', 'scripts/**', 'e2e/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
]
