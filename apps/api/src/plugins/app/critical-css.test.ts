import { describe, expect, it } from 'vitest';
import { compileStyleSheet, vocabularyOf } from './critical-css';

describe('critical CSS', () => {
  const sheet = compileStyleSheet(
    [
      ':root{--bs-gap:1rem}',
      'body{margin:0}',
      '.btn{padding:1px}',
      '.btn-primary{color:red}',
      '.navbar .nav-link{color:blue}',
      '.card,.modal{border:0}',
      '.collapse:not(.show){display:none}',
      '.btn:is(.active,.toast-x){outline:0}',
      '.btn:hover::after{content:"{"}',
      '@media (width>=992px){.navbar-expand-lg{display:flex}.btn{margin:0}}',
      '@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}',
      '@font-face{font-family:x;src:url(x.woff2)}',
    ].join(''),
  );

  it("keeps the rules a page's classes can match, and those that need no class", () => {
    const page = '<body><nav class="navbar"><a class="nav-link btn collapse">x</a></nav></body>';
    expect(sheet.critical(vocabularyOf(page))).toBe(
      [
        ':root{--bs-gap:1rem}',
        'body{margin:0}',
        '.btn{padding:1px}',
        '.navbar .nav-link{color:blue}',
        // A class only inside :not() or :is() is not required of the page.
        '.collapse:not(.show){display:none}',
        '.btn:is(.active,.toast-x){outline:0}',
        '.btn:hover::after{content:"{"}',
        '@media (width>=992px){.btn{margin:0}}',
        '@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}',
        '@font-face{font-family:x;src:url(x.woff2)}',
      ].join(''),
    );
  });

  it('keeps only the selectors of a list that match', () => {
    expect(sheet.critical(vocabularyOf('<div class="modal"></div>'))).toContain('.modal{border:0}');
  });

  it('is the whole sheet for a page that uses every class', () => {
    const everything = vocabularyOf(
      '<i class="btn btn-primary navbar nav-link card modal collapse navbar-expand-lg"></i>',
    );
    expect(sheet.critical(everything)).toContain('.btn-primary{color:red}');
    expect(sheet.critical(everything)).toContain('.card,.modal{border:0}');
    expect(sheet.critical(everything)).toContain('.navbar-expand-lg{display:flex}');
  });

  it("reads the classes of every element's class attribute, and every element's name", () => {
    const { classes, elements } = vocabularyOf(
      '<a class=" a  b-c"><b class="d">x</b></a><P class=""><my-tag></my-tag><svg><use /></svg>',
    );
    expect([...classes]).toEqual(['a', 'b-c', 'd']);
    expect([...elements]).toEqual(['a', 'b', 'p', 'my-tag', 'svg', 'use']);
  });

  it('keeps the rules of elements the page has and drops those of elements it has not', () => {
    const elements = compileStyleSheet(
      [
        'hr{margin:1rem 0}',
        'h1,.h1{font-size:2rem}',
        'ul ul{margin:0}',
        '.table>:not(caption)>*>*{padding:0}',
        'input::placeholder{color:gray}',
        'a:not([href]):not([class]){color:inherit}',
        '*,:before{box-sizing:border-box}',
        '[hidden]{display:none!important}',
        '@media (width>=576px){dl{margin:0}.h1{font-size:3rem}}',
      ].join(''),
    );
    const page = vocabularyOf('<body><ul><li><a>x</a></li></ul><p class="h1 table">y</p></body>');
    expect(elements.critical(page)).toBe(
      [
        '.h1{font-size:2rem}',
        // What a selector names must be on the page, not in that order (as for classes).
        'ul ul{margin:0}',
        // A class or element only inside :not() is not required of the page.
        '.table>:not(caption)>*>*{padding:0}',
        'a:not([href]):not([class]){color:inherit}',
        '*,:before{box-sizing:border-box}',
        '[hidden]{display:none!important}',
        '@media (width>=576px){.h1{font-size:3rem}}',
      ].join(''),
    );
    const withAll = vocabularyOf('<hr><h1></h1><input><dl></dl>');
    expect(elements.critical(withAll)).toContain('hr{margin:1rem 0}');
    expect(elements.critical(withAll)).toContain('h1{font-size:2rem}');
    expect(elements.critical(withAll)).toContain('input::placeholder{color:gray}');
    expect(elements.critical(withAll)).toContain('@media (width>=576px){dl{margin:0}}');
  });
});
