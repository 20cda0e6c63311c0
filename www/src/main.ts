import './styles.css';
import { startApp } from './view/app.ts';

startApp();
