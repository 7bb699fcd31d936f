// Setup for the `dom` Vitest project (jsdom): jest-dom matchers (toBeInTheDocument, …).
import '@testing-library/jest-dom/vitest'
