// selenium-webdriver has no `exports` map: under ESM its HTTP executor is reached by file.
declare module 'selenium-webdriver/http/index.js' {
  export * from 'selenium-webdriver/http'
}
