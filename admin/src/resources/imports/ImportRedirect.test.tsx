import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { IMPORT_DETAIL_ALIAS, ImportRedirect } from './ImportRedirect.tsx';

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

describe('ImportRedirect', () => {
  it('opens the detail from the spec path admin-import/{id} (notification links)', async () => {
    render(
      <MemoryRouter initialEntries={['/admin-import/12']}>
        <Routes>
          <Route path={IMPORT_DETAIL_ALIAS} element={<ImportRedirect />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('at /admin-imports/12/show')).toBeInTheDocument();
  });
});
