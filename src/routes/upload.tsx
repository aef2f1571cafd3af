import { createRoute } from '@tanstack/react-router';
import { UploadPage } from '../features/upload/upload-page.tsx';
import { adminRoute } from './admin-layout.tsx';

/** /upload (admin, superuser): data upload. */
export const uploadRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'upload',
  component: UploadPage,
});
