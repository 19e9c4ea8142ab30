import { describe, expect, it } from 'vitest';
import { classesIn, compileStyleSheet } from './critical-css';

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
    expect(sheet.critical(classesIn(page))).toBe(
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
    expect(sheet.critical(classesIn('<div class="modal"></div>'))).toContain('.modal{border:0}');
  });

  it('is the whole sheet for a page that uses every class', () => {
    const everything = classesIn(
      '<i class="btn btn-primary navbar nav-link card modal collapse navbar-expand-lg"></i>',
    );
    expect(sheet.critical(everything)).toContain('.btn-primary{color:red}');
    expect(sheet.critical(everything)).toContain('.card,.modal{border:0}');
    expect(sheet.critical(everything)).toContain('.navbar-expand-lg{display:flex}');
  });

  it("reads the classes of every element's class attribute", () => {
    expect([...classesIn('<a class=" a  b-c"><b class="d">x</b></a><p class="">')]).toEqual([
      'a',
      'b-c',
      'd',
    ]);
  });
});
