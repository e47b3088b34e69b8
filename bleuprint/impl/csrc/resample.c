#define PY_SSIZE_T_CLEAN
#include <Python.h>

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_resample", "placeholder", -1, NULL};

PyMODINIT_FUNC PyInit__resample(void) { return PyModule_Create(&module); }
