/* global document, localStorage */
// Paints the saved theme's background before the app loads (no white flash in dark mode).
try {
  if (localStorage.getItem('lg_theme') === 'dark') document.documentElement.style.background = '#0b0d12';
} catch (e) {
  // storage disabled: the app applies the theme when it starts
}
